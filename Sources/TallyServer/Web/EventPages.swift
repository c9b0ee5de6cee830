import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Recurring events: the next occurrence and the next few, skipping one, and a form that builds the
/// RRULE from simple choices or takes one typed in.
struct EventPages {
    let scope: UserScope
    let templates: PageTemplates

    struct PageView {
        let title = "Events"
        let events: [Row]
        let isEmpty: Bool
    }

    struct Row {
        let id: String
        let title: String
        let summary: String
        let rule: String
        let next: String
        let category: String
        let style: String
        let occurrences: [Occurrence]
        let skipped: [Occurrence]
        let hasSkipped: Bool
        let hasEnded: Bool
    }

    struct Occurrence {
        let value: String
        let text: String
    }

    struct FormView {
        var title = "New Event"
        var action = "/dates/events"
        var name = ""
        var date: String
        var time = "09:00"
        var frequency = "weekly"
        var interval = "1"
        var weekdays: [Option]
        var ordinals: [Option]
        var monthWeekdays: [Option]
        var rule = ""
        /// The event repeats by a rule the simple choices do not make: the form says so and keeps it.
        var isCustomRule = false
        var category = "Personal"
        var themes = Option.themes(selected: .standard)
        var error: String?
        var frequencies: [Option]
        let categories = TrackerPages.categories

        mutating func edit(_ id: UUID) {
            title = "Edit Event"
            action = "/dates/events/\(id.text)"
        }
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = scope.clock.now()
        let rows = try await scope.events.all().map { Self.row($0.event, now: now) }
        return HTML.response(templates.render(PageView(events: rows, isEmpty: rows.isEmpty), .events))
    }

    func newForm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        HTML.response(templates.render(Self.form(today: try await scope.now().today), .eventForm))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await save(request, event: nil)
    }

    /// The form filled in with an event: its repetition as the simple choices when they make its rule
    /// exactly, else as its RRULE, shown as a custom rule (which the form takes as typed).
    func editForm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let event = try await scope.events.event(id: try Self.id(context))
        let local = event.zone.localDateTime(of: event.fields.startDate)
        var view = Self.form(today: local.day)
        view.edit(event.id)
        view.name = event.fields.title
        view.time = local.timeOfDay.description
        if let pattern = RecurrencePattern(rule: event.fields.recurrenceRule) {
            view.frequencies = Self.frequencies(selected: pattern.frequency.rawValue)
            view.interval = String(pattern.interval)
            if pattern.frequency == .weekly {
                // None ticked for a rule without days: it repeats on the start's weekday, as stored.
                view.weekdays = Self.weekdayOptions { pattern.weekdays.contains($0) }
            }
            if let ordinal = pattern.monthlyOrdinal {
                view.ordinals = view.ordinals.map {
                    Option(value: $0.value, label: $0.label, selected: $0.value == String(ordinal))
                }
                view.monthWeekdays = view.monthWeekdays.map {
                    Option(value: $0.value, label: $0.label, selected: $0.value == String(pattern.monthlyWeekday ?? 0))
                }
            }
        } else {
            view.rule = event.fields.recurrenceRule
            view.isCustomRule = true
        }
        view.category = event.fields.category
        view.themes = Option.themes(selected: event.fields.colorTheme)
        return HTML.response(templates.render(view, .eventForm))
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await save(request, event: try await scope.events.event(id: try Self.id(context)))
    }

    /// Makes an event from the form, or changes `event` (its skipped dates and zone kept).
    private func save(_ request: Request, event: CalendarEvent?) async throws -> Response {
        let form = try await FormBody(request: request)
        let now = try await scope.now()
        do {
            let day = try LocalDay.parse(form.text("date") ?? "", field: "date")
            let time = try TimeOfDay.parse(form.text("time") ?? "00:00", field: "time")
            let draft = EventDraft(
                title: form["title"] ?? "", start: .local(day, time),
                recurrenceRule: try form.text("rule") ?? Self.pattern(form, start: day).rule(),
                category: form["category"] ?? "",
                colorTheme: try ColorTheme.parse(form.text("colorTheme") ?? ColorTheme.standard.rawValue))
            if let event {
                _ = try await scope.events.update(id: event.id, draft)
            } else {
                _ = try await scope.events.create(draft)
            }
            return HTML.redirect(to: "/dates/events")
        } catch let error as TallyError {
            var view = Self.form(today: now.today)
            if let event { view.edit(event.id) }
            view.error = FormMessage.text(error)
            view.name = form["title"] ?? ""
            view.date = form["date"] ?? view.date
            view.time = form["time"] ?? ""
            view.rule = form["rule"] ?? ""
            view.category = form["category"] ?? ""
            view.interval = form["interval"] ?? "1"
            view.frequencies = Self.frequencies(selected: form["frequency"] ?? "weekly")
            view.weekdays = Self.weekdayOptions { form["day-\($0)"] != nil }
            return HTML.response(templates.render(view, .eventForm), status: .badRequest)
        }
    }

    func skip(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let id = try Self.id(context)
        guard let text = form["occurrence"], let millis = Int64(text) else {
            throw TallyError.invalid(field: "occurrence", reason: "is missing")
        }
        let occurrence = Date(millisecondsSince1970: millis)
        if form["restore"] != nil {
            _ = try await scope.events.restore(id: id, occurrence: occurrence)
        } else {
            _ = try await scope.events.skip(id: id, occurrence: occurrence)
        }
        return HTML.redirect(to: "/dates/events")
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.events.delete(id: try Self.id(context))
        return HTML.redirect(to: "/dates/events")
    }

    static func row(_ event: CalendarEvent, now: Date) -> Row {
        let zone = event.zone
        func occurrence(_ date: Date) -> Occurrence {
            let local = zone.localDateTime(of: date)
            return Occurrence(
                value: String(date.millisecondsSince1970), text: "\(DayText.heading(local.day)) · \(local.timeOfDay)")
        }
        let upcoming = event.schedule.upcoming(after: now, count: 5)
        let next = upcoming.first.map { date in
            let breakdown = TimeBreakdown(from: now, to: date, units: [.days, .hours], zone: zone)
            return "Next: \(occurrence(date).text) (\(RelativeTimeFormatter.string(breakdown)))"
        }
        let skipped = event.fields.excludedDates.filter { $0 >= now }.map(occurrence)
        return Row(
            id: event.id.text, title: event.fields.title,
            summary: RecurrenceWording.describe(event.fields.recurrenceRule), rule: event.fields.recurrenceRule,
            next: next ?? "No more occurrences", category: event.fields.category,
            style: MeshGradientStyle.css(event.fields.gradientConfig, theme: event.fields.colorTheme),
            occurrences: upcoming.map(occurrence), skipped: skipped, hasSkipped: !skipped.isEmpty,
            hasEnded: upcoming.isEmpty)
    }

    /// The simple form's choices as a pattern.
    static func pattern(_ form: FormBody, start: LocalDay) throws(TallyError) -> RecurrencePattern {
        guard let frequency = RecurrencePattern.Frequency(rawValue: form["frequency"] ?? "") else {
            throw .invalid(field: "frequency", reason: "choose how often the event repeats")
        }
        guard let interval = Int(form.text("interval") ?? "1") else {
            throw .invalid(field: "interval", reason: "'\(form["interval"] ?? "")' is not a whole number")
        }
        let weekdays = (1...7).filter { form["day-\($0)"] != nil }
        let ordinal = form.text("ordinal").flatMap { Int($0) }
        let weekday = ordinal == nil ? nil : (form.text("monthWeekday").flatMap { Int($0) } ?? start.isoWeekday)
        return RecurrencePattern(
            frequency: frequency, interval: interval, weekdays: weekdays, monthlyOrdinal: ordinal,
            monthlyWeekday: weekday)
    }

    static func form(today: LocalDay) -> FormView {
        FormView(
            date: today.description, weekdays: weekdayOptions { $0 == today.isoWeekday },
            ordinals: [Option(value: "", label: "on the same day of the month", selected: true)]
                + [(1, "first"), (2, "second"), (3, "third"), (4, "fourth"), (-1, "last")].map {
                    Option(value: String($0.0), label: "on the \($0.1)", selected: false)
                },
            monthWeekdays: (1...7).map {
                Option(value: String($0), label: DayText.weekdays[$0 - 1], selected: $0 == today.isoWeekday)
            },
            frequencies: frequencies(selected: "weekly"))
    }

    static func frequencies(selected: String) -> [Option] {
        [("daily", "Every day"), ("weekly", "Every week"), ("monthly", "Every month"), ("yearly", "Every year")].map {
            Option(value: $0.0, label: $0.1, selected: $0.0 == selected)
        }
    }

    static func weekdayOptions(_ isSelected: (Int) -> Bool) -> [Option] {
        (1...7).map {
            Option(value: String($0), label: String(DayText.weekdays[$0 - 1].prefix(3)), selected: isSelected($0))
        }
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        try APIValue.id(context.parameters.require("id"), kind: "event")
    }
}
