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
        /// The diary day, and its got-up and went-to-bed marks as `HH:MM` ("" when not marked).
        let day: String
        let wake: String
        let bed: String
    }

    /// The diary being kept (``DiaryRun``): where it stands, and the start form when none is kept.
    struct RunView {
        let headline: String
        let period: String
        let reportHref: String
        let finished: Bool
        let keeping: Bool
        /// The stop button's words: "Stop early" while it is kept, else "Put it away".
        let stopLabel: String
    }

    struct View {
        let title = "Bladder Diary"
        let run: RunView?
        let startFrom: String
        /// No diary is kept, or the last one is over.
        let canStart: Bool
        let startDays = DiaryRun.defaultDays
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
        let progress = try await scope.diaryRun.progress()
        // While a diary is kept (or about to be), the page opens on its days.
        let kept = progress.flatMap { $0.phase == .finished ? nil : $0.run }
        let to = try Self.day(query.get("to"), field: "to") ?? kept?.to ?? now.today
        let from =
            try Self.day(query.get("from"), field: "from") ?? kept?.from ?? to.adding(days: 1 - Self.defaultDays)
        let diary = try await scope.bathroom.diary(from: from, to: to)
        let events = try await scope.bathroom.events(from: from, to: to)
        let marks = try await scope.sleepMarks.marks(from: from, to: to)
        func mark(_ kind: SleepMark.Kind, _ day: LocalDay) -> String {
            marks.first { $0.kind == kind && $0.day == day }?.localDateTime.timeOfDay.description ?? ""
        }
        let boundary = now.settings.boundary
        let view = View(
            run: progress.map(Self.run), startFrom: now.today.description,
            canStart: progress.map { $0.phase == .finished } ?? true,
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
                    },
                    day: day.day.description, wake: mark(.wake, day.day), bed: mark(.bed, day.day))
            })
        return HTML.response(templates.render(view, .bathroomDiary))
    }

    static func run(_ progress: DiaryRunProgress) -> RunView {
        let run = progress.run
        return RunView(
            headline: progress.headline,
            period: "\(DayText.heading(run.from)) to \(DayText.heading(run.to))",
            reportHref: "/bathroom/diary/report?from=\(run.from)&to=\(run.to)",
            finished: progress.phase == .finished, keeping: progress.day != nil,
            stopLabel: progress.phase == .finished ? "Put it away" : "Stop early")
    }

    /// `POST /bathroom/diary/run`: starts a diary from the form's first day (today unless given) for its
    /// number of days, through the same draft as the API and `tally pee diary start`.
    func start(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let daysText = form.text("days") ?? ""
        guard daysText.isEmpty || Int(daysText) != nil else {
            throw TallyError.invalid(field: "days", reason: "'\(daysText)' is not a number of days")
        }
        try await scope.diaryRun.start(DiaryRunDraft(from: form.text("from"), days: Int(daysText)))
        return HTML.redirect(to: Self.path)
    }

    /// `POST /bathroom/diary/run/stop`: ends the diary early, or puts a finished one away.
    func stop(_ request: Request, _ context: SignedInContext) async throws -> Response {
        _ = try await scope.diaryRun.stop()
        return HTML.redirect(to: Self.path)
    }

    static let path = "/bathroom/diary"

    /// `POST /bathroom/diary/marks`: "Went to bed" or "Got up" now (`kind`), or a day's two times as
    /// edited (`day`, `wake`, `bed`: a time sets or moves that mark, an emptied one removes it), through
    /// the same draft as the API and `tally pee mark`.
    func mark(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let service = scope.sleepMarks
        guard let dayText = form.text("day") else {
            guard let kind = form.text("kind").flatMap(SleepMark.Kind.init(rawValue:)) else {
                throw TallyError.invalid(field: "kind", reason: "choose Went to bed or Got up")
            }
            try await service.mark(SleepMarkDraft(kind: kind))
            return HTML.redirect(to: Self.path)
        }
        let day = try LocalDay.parse(dayText, field: "day")
        let stored = try await service.marks(from: day, to: day)
        for kind in SleepMark.Kind.allCases {
            guard form[kind.rawValue] != nil else { continue }
            if let time = form.text(kind.rawValue) {
                var draft = SleepMarkDraft(kind: kind, at: .typed(time), day: day)
                draft.timeField = kind.label
                try await service.mark(draft)
            } else if stored.contains(where: { $0.kind == kind }) {
                try await service.remove(kind, on: day)
            }
        }
        let from = try Self.day(form.text("from"), field: "from") ?? day
        let to = try Self.day(form.text("to"), field: "to") ?? day
        return HTML.redirect(to: Self.path + "?from=\(from)&to=\(to)")
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
