import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// One-off reminders: upcoming and past lists, a quick add form, marking done.
struct ReminderPages {
    let scope: UserScope
    let templates: PageTemplates

    struct PageView {
        let title = "Reminders"
        let upcoming: [Row]
        let past: [Row]
        let isEmpty: Bool
        var error: String?
        var name = ""
        var notes = ""
        var date: String
        var time = "09:00"
        var category = "Personal"
        var themes = Option.themes(selected: .standard)
        let categories = TrackerPages.categories
        /// The form adds a reminder, or (on `/dates/reminders/ID/edit`) changes one.
        var formTitle = "Add a reminder"
        var action = "/dates/reminders"
        var submitLabel = "Add reminder"
        var editing = false

        mutating func edit(_ id: UUID) {
            formTitle = "Edit the reminder"
            action = "/dates/reminders/\(id.text)"
            submitLabel = "Save"
            editing = true
        }
    }

    struct Row {
        let id: String
        let title: String
        let description: String?
        let when: String
        let relative: String
        let category: String
        let style: String
        let done: Bool
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        HTML.response(templates.render(try await view(), .reminders))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await save(request, reminder: nil)
    }

    /// The page with its form filled in with the reminder, to change it.
    func editForm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let reminder = try await scope.reminders.reminder(id: try Self.id(context))
        let local = reminder.zone.localDateTime(of: reminder.fields.date)
        var view = try await view()
        view.edit(reminder.id)
        view.name = reminder.fields.title
        view.notes = reminder.fields.description ?? ""
        view.date = local.day.description
        view.time = local.timeOfDay.description
        view.category = reminder.fields.category
        view.themes = Option.themes(selected: reminder.fields.colorTheme)
        return HTML.response(templates.render(view, .reminders))
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await save(request, reminder: try await scope.reminders.reminder(id: try Self.id(context)))
    }

    /// Adds a reminder from the form, or changes `reminder` (its zone and done state kept; ``ReminderDraft``
    /// keeps the rest of what the form leaves as shown).
    private func save(_ request: Request, reminder: Reminder?) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            let day = try LocalDay.parse(form.text("date") ?? "", field: "date")
            let time = try form.text("time").map { text throws(TallyError) in try TimeOfDay.parse(text, field: "time") }
            let draft = ReminderDraft(
                title: form["title"] ?? "", description: form["description"], date: .local(day, time),
                category: form["category"] ?? "",
                colorTheme: try ColorTheme.parse(form.text("colorTheme") ?? ColorTheme.standard.rawValue))
            if let reminder {
                _ = try await scope.reminders.update(id: reminder.id, draft)
            } else {
                _ = try await scope.reminders.create(draft)
            }
            return HTML.redirect(to: "/dates/reminders")
        } catch let error as TallyError {
            var view = try await view()
            if let reminder { view.edit(reminder.id) }
            view.error = FormMessage.text(error)
            view.name = form["title"] ?? ""
            view.notes = form["description"] ?? ""
            view.date = form["date"] ?? view.date
            view.time = form["time"] ?? ""
            view.category = form["category"] ?? ""
            view.themes = Option.themes(selected: ColorTheme(rawValue: form["colorTheme"] ?? "") ?? .standard)
            return HTML.response(templates.render(view, .reminders), status: .badRequest)
        }
    }

    func done(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        _ = try await scope.reminders.setDone(id: try Self.id(context), form["done"] != "false")
        return HTML.redirect(to: "/dates/reminders")
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.reminders.delete(id: try Self.id(context))
        return HTML.redirect(to: "/dates/reminders")
    }

    private func view() async throws -> PageView {
        let now = try await scope.now()
        let lists = try await scope.reminders.lists()
        func row(_ reminder: Reminder) -> Row {
            let local = reminder.zone.localDateTime(of: reminder.fields.date)
            let breakdown = TimeBreakdown(
                from: now.instant, to: reminder.fields.date, units: [.days], zone: reminder.zone)
            return Row(
                id: reminder.id.text, title: reminder.fields.title, description: reminder.fields.description,
                when: "\(DayText.heading(local.day)) · \(local.timeOfDay)",
                relative: RelativeTimeFormatter.string(breakdown), category: reminder.fields.category,
                style: MeshGradientStyle.css(reminder.fields.gradientConfig, theme: reminder.fields.colorTheme),
                done: reminder.isDone)
        }
        return PageView(
            upcoming: lists.upcoming.map(row), past: lists.past.map(row),
            isEmpty: lists.upcoming.isEmpty && lists.past.isEmpty, date: now.today.adding(days: 1).description)
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        try APIValue.id(context.parameters.require("id"), kind: "reminder")
    }
}
