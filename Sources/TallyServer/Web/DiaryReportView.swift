import Foundation
import TallyCore

/// What the printable bladder diary report shows: page one's figures, a row a day, then a page a day with
/// its frequency-volume chart, voids and drinks in one timeline.
struct DiaryReportView {
    struct DayRow {
        let heading: String
        let dayFrequency: Int
        let nightFrequency: Int
        let volume24h: String
        let nocturnalVolume: String
        let polyuriaIndex: String
        let intake: String
        let leaks: Int
        let urgencyEpisodes: Int
    }

    struct Entry {
        let time: String
        let what: String
        let volume: String
        /// The bar's width in percent of the largest volume of the day.
        let bar: Int
        let urgency: String
        let notes: String
        let isDrink: Bool
    }

    struct DayPage {
        let heading: String
        let span: String
        let figures: String
        let entries: [Entry]
    }

    let title = "Bladder diary report"
    let period: String
    let sleep: String
    let rules: String
    let lines: [DiaryReportLine]
    let rows: [DayRow]
    let pages: [DayPage]
    /// The on-screen toolbar (not printed): the range form and the way back; off in a file the CLI writes.
    let toolbar: Bool
    let from: String
    let to: String

    init(_ report: BladderDiaryReport, toolbar: Bool) {
        period = "\(DayText.heading(report.from)) to \(DayText.heading(report.to))"
        sleep =
            "Each diary day runs from getting up (\(report.sleep.wakeTime)) to getting up the next day; "
            + "night is \(report.sleep.bedtime) to \(report.sleep.wakeTime)."
        rules =
            "The first void after getting up counts in the night before's volume. Two voids within "
            + "\(Int(DoubleVoidRule.window / 60)) minutes are one double void, counted once with its volumes added. "
            + "Voids without a measured volume count for frequency, never in volumes; a figure missing any of "
            + "its volumes is withheld."
        lines = DiaryReportText.pageOne(report)
        rows = report.days.map { day in
            DayRow(
                heading: "\(DayText.weekdays[day.day.isoWeekday - 1].prefix(3)) \(DayText.short(day.day))",
                dayFrequency: day.dayFrequency, nightFrequency: day.nightFrequency,
                volume24h: DiaryReportText.value(day.volume24h),
                nocturnalVolume: DiaryReportText.value(day.nocturnalVolume),
                polyuriaIndex: DiaryReportText.value(day.polyuriaIndex, percent: true),
                intake: DiaryReportText.number(day.intakeML, digits: 0) + " ml", leaks: day.leaks,
                urgencyEpisodes: day.urgencyEpisodes)
        }
        pages = report.days.map(Self.page)
        self.toolbar = toolbar
        from = report.from.description
        to = report.to.description
    }

    private static func page(_ day: DiaryReportDay) -> DayPage {
        let largest = Double(
            max(1, (day.voids + (day.nextMorningVoid.map { [$0] } ?? [])).compactMap(\.volumeML).max() ?? 1))
        func void(_ void: DiaryVoid, _ what: String) -> (LocalDateTime, Entry) {
            var notes: [String] = []
            if void.leak { notes.append("Leak") }
            if void.isDoubleVoid { notes.append("Double void (\(void.eventIDs.count) goes)") }
            return (
                void.time,
                Entry(
                    time: time(void.time, on: day.day), what: what,
                    volume: void.volumeML.map { "\($0) ml" } ?? "not measured",
                    bar: void.volumeML.map { Int((Double($0) / largest * 100).rounded()) } ?? 0,
                    urgency: void.urgency.map { "\($0) \(Urgency.label($0))" } ?? "",
                    notes: notes.joined(separator: ", "),
                    isDrink: false)
            )
        }
        var timeline = day.dayVoids.enumerated().map {
            void($1, $0 == 0 ? "Void, first after getting up (night before's volume)" : "Void (day)")
        }
        timeline += day.nightVoids.map { void($0, "Void (night)") }
        timeline += day.drinks.map {
            (
                $0.localDateTime,
                Entry(
                    time: time($0.localDateTime, on: day.day), what: "Drink" + ($0.drinkKind.map { " (\($0))" } ?? ""),
                    volume: DiaryReportText.number($0.amountML, digits: 0) + " ml", bar: 0, urgency: "", notes: "",
                    isDrink: true)
            )
        }
        timeline.sort { $0.0 < $1.0 }
        if let next = day.nextMorningVoid {
            timeline.append(void(next, "Void, first after getting up next day (closes this day)"))
        }
        return DayPage(
            heading: DayText.heading(day.day),
            span: "\(day.window.wake.description.replacingOccurrences(of: "T", with: " ")) to "
                + "\(day.window.nextWake.description.replacingOccurrences(of: "T", with: " ")); night from "
                + "\(day.window.bed.timeOfDay) (\(DiaryReportText.number(day.nightHours, digits: 1)) h)",
            figures: [
                "\(DiaryReportText.count(day.dayFrequency, "day void", "day voids"))",
                "\(DiaryReportText.count(day.nightFrequency, "night void", "night voids"))",
                "24-hour volume \(figure(day.volume24h))", "nocturnal volume \(figure(day.nocturnalVolume))",
                "intake \(DiaryReportText.number(day.intakeML, digits: 0)) ml",
            ].joined(separator: " · "),
            entries: timeline.map(\.1))
    }

    private static func figure(_ figure: DiaryFigure) -> String {
        figure.value.map { "\(DiaryReportText.number($0, digits: 0)) ml" }
            ?? "withheld (\(figure.withheldReason ?? ""))"
    }

    /// `07:15`, with the date when it is not the diary day's own (the night after midnight).
    private static func time(_ time: LocalDateTime, on day: LocalDay) -> String {
        time.day == day ? time.timeOfDay.description : "\(DayText.short(time.day)) \(time.timeOfDay)"
    }
}
