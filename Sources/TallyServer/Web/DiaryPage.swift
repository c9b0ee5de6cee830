import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The bladder diary (frequency-volume chart) over a chosen range of days, as a clinician reads it.
struct DiaryPage {
    /// A bladder diary is usually kept for three days.
    static let defaultDays = 3

    let scope: UserScope
    let templates: PageTemplates

    struct Figure {
        let label: String
        let value: String
    }

    struct DayRow {
        let heading: String
        let summary: String
        let events: [EventRowView]
    }

    struct View {
        let title = "Bladder Diary"
        let from: String
        let to: String
        let bedtime: String
        let wakeTime: String
        let figures: [Figure]
        let interpretation: String?
        let days: [DayRow]
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let query = request.uri.queryParameters
        let to = try Self.day(query.get("to"), field: "to") ?? now.today
        let from = try Self.day(query.get("from"), field: "from") ?? to.adding(days: 1 - Self.defaultDays)
        let diary = try await scope.bathroom.diary(from: from, to: to)
        let events = try await scope.bathroom.events(from: from, to: to)
        let boundary = now.settings.boundary
        let view = View(
            from: from.description, to: to.description, bedtime: diary.sleep.bedtime.description,
            wakeTime: diary.sleep.wakeTime.description, figures: Self.figures(diary),
            interpretation: diary.nocturnalPolyuriaIndex.map {
                Self.interpretation(index: $0, birthYear: now.settings.birthYear, on: to)
            },
            days: diary.perDay.reversed().map { day in
                DayRow(
                    heading: DayText.heading(day.day),
                    summary: [
                        DayText.count(day.voids, "void", "voids"), "\(day.dayVoids) day", "\(day.nightVoids) night",
                        DayText.count(day.leaks, "leak", "leaks"),
                        day.volumeML.map { "\($0) ml (\(day.measuredVoids) measured)" } ?? "volume not measured",
                    ].joined(separator: " · "),
                    events: events.filter { $0.localDay(boundary) == day.day }.map {
                        EventRowView($0, userZone: now.zone, deletable: false)
                    })
            })
        return HTML.response(templates.render(view, .bathroomDiary))
    }

    static func figures(_ diary: BladderDiary) -> [Figure] {
        func ml(_ value: Double?) -> String {
            value.map { "\(Int(exactly: $0.rounded()).map(String.init) ?? "\($0)") ml" } ?? "not measured"
        }
        return [
            Figure(label: "Days", value: "\(diary.days)"),
            Figure(label: "Voids", value: "\(diary.totalVoids)"),
            Figure(label: "Voids per day", value: String(format: "%.1f", diary.voidsPerDay)),
            Figure(label: "Day voids", value: "\(diary.dayVoids)"),
            Figure(label: "Night voids (nocturia)", value: "\(diary.nightVoids)"),
            Figure(label: "Leaks", value: "\(diary.leaks)"),
            Figure(
                label: "Mean urgency (0-4)",
                value: diary.meanUrgency.map { String(format: "%.1f", $0) } ?? "not recorded"),
            Figure(label: "Measured voids", value: "\(diary.measuredVoids) of \(diary.totalVoids)"),
            Figure(label: "24-hour volume (mean)", value: ml(diary.volumePer24hML)),
            Figure(label: "Mean voided volume", value: ml(diary.meanVoidedVolumeML)),
            Figure(label: "Maximum voided volume", value: ml(diary.maxVoidedVolumeML.map(Double.init))),
            Figure(label: "Night volume", value: ml(diary.nightVolumeML.map(Double.init))),
            Figure(
                label: "Nocturnal polyuria index",
                value: diary.nocturnalPolyuriaIndex.map { String(format: "%.2f", $0) }
                    ?? (diary.measuredVoids == 0
                        ? "not measured"
                        : "withheld: it needs every void measured (\(diary.measuredVoids) of \(diary.totalVoids) are)")),
        ]
    }

    static func day(_ text: String?, field: String) throws(TallyError) -> LocalDay? {
        guard let text, !text.isEmpty else { return nil }
        return try LocalDay.parse(text, field: field)
    }

    /// What the index means by ICS 2019's age-adjusted line (``NocturnalPolyuriaThreshold``): with the
    /// person's birth year, their line; without it, both lines, as the report says.
    static func interpretation(index: Double, birthYear: Int?, on day: LocalDay) -> String {
        let older = NocturnalPolyuriaThreshold.older
        let younger = NocturnalPolyuriaThreshold.younger
        let age = NocturnalPolyuriaThreshold.olderAge
        let shown = String(format: "%.2f", index)
        if let birthYear {
            let line = NocturnalPolyuriaThreshold.threshold(
                age: NocturnalPolyuriaThreshold.age(birthYear: birthYear, in: day))
            let words = String(format: "%.2f", line)
            return index > line
                ? "An index of \(shown), above \(words) for your age, suggests nocturnal polyuria (ICS 2019)."
                : "An index of \(shown) is within the usual range for your age (at most \(words), ICS 2019)."
        }
        if index > older {
            return
                "An index of \(shown), above \(String(format: "%.2f", older)), suggests nocturnal polyuria at any age (ICS 2019)."
        }
        if index <= younger {
            return
                "An index of \(shown) is within the usual range at any age (at most \(String(format: "%.2f", younger)), ICS 2019)."
        }
        return "An index of \(shown) suggests nocturnal polyuria under \(age) but not from \(age) (ICS 2019: above "
            + String(format: "%.2f under %d, above %.2f from %d", younger, age, older, age)
            + "); give your birth year in Settings to see which applies."
    }
}
