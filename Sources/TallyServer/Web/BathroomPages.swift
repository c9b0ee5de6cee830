import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Seed 000's screens: the dashboard, the log form and history, plus the form posts behind them.
struct BathroomPages {
    let scope: UserScope
    let templates: PageTemplates

    struct DashboardView {
        let title = "Pee Tracker"
        let count: Int
        let summary: String
        let events: [EventRowView]
        let form: LogFormView
        var deleted: DeletedNotice? = nil
    }

    struct NewEventView {
        let title = "Log Pee Event"
        let form: LogFormView
    }

    struct HistoryView {
        struct Day {
            let date: String
            let heading: String
            let countText: String
            let events: [EventRowView]
        }

        let title = "History"
        let days: [Day]
        let newerPage: Int?
        let olderPage: Int?
    }

    func dashboard(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let today = try await scope.bathroom.today()
        let count = today.count
        var view = DashboardView(
            count: count,
            summary: count == 0 ? "No pees yet today" : DayText.count(count, "pee", "pees") + " today",
            events: today.events.map { EventRowView($0, userZone: now.zone) },
            form: LogFormView(now: now))
        if let text = request.uri.queryParameters.get("deleted"), let id = UUID(text: String(text)),
            let gone = try await scope.bathroom.deletedEvent(id: id)
        {
            let local = gone.zone.localDateTime(of: gone.fields.at)
            view.deleted = DeletedNotice(
                text: "Deleted the event at \(local.timeOfDay)", action: "/bathroom/events/\(id.text)/restore")
        }
        return HTML.response(templates.render(view, .bathroom))
    }

    func newEvent(_ request: Request, _ context: SignedInContext) async throws -> Response {
        HTML.response(templates.render(NewEventView(form: LogFormView(now: try await scope.now())), .bathroomNew))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let now = try await scope.now()
        do {
            let draft = BathroomEventDraft(
                id: try ClientRecordID.from(form), at: form.text("at").map { .typed($0) },
                timeZoneID: DeviceZone.from(form, default: now.zone).identifier, note: form["note"],
                volumeML: try Self.integer(form.text("volume"), field: "volume"),
                urgency: try Self.integer(form.text("urgency"), field: "urgency"), leak: form["leak"] == "on")
            _ = try await scope.bathroom.log(draft, now: now)
        } catch let error as TallyError {
            let view = NewEventView(
                form: LogFormView(
                    zone: now.zone.identifier, at: form["at"] ?? "", note: form["note"] ?? "",
                    volume: form["volume"] ?? "", urgency: form["urgency"] ?? "", leak: form["leak"] == "on",
                    error: FormMessage.text(error)))
            return HTML.response(templates.render(view, .bathroomNew), status: .badRequest)
        }
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/bathroom"))
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let text = try context.parameters.require("id")
        guard let id = UUID(text: text) else { throw TallyError.notFound(kind: "bathroom event", id: text) }
        try await scope.bathroom.delete(id: id)
        return HTML.redirect(
            to: DeletedNotice.returning(to: HTML.localPath(form["returnTo"], default: "/bathroom"), deleted: id))
    }

    /// Undo of a delete: the event comes back.
    func restore(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let text = try context.parameters.require("id")
        guard let id = UUID(text: text) else { throw TallyError.notFound(kind: "bathroom event", id: text) }
        _ = try await scope.bathroom.restore(id: id)
        return HTML.redirect(to: "/bathroom")
    }

    func history(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let page = min(max(1, request.uri.queryParameters.get("page", as: Int.self) ?? 1), 1_000_000)
        let now = try await scope.now()
        let history = try await scope.bathroom.history(page: page, paging: .standard)
        let returnTo = "/bathroom/history" + (page > 1 ? "?page=\(page)" : "")
        let view = HistoryView(
            days: history.days.map { day in
                HistoryView.Day(
                    date: day.day.description, heading: DayText.relative(day.day, today: now.today),
                    countText: DayText.count(day.count, "event", "events"),
                    events: day.events.map { EventRowView($0, userZone: now.zone, returnTo: returnTo) })
            },
            newerPage: page > 1 ? page - 1 : nil,
            olderPage: history.hasOlder ? page + 1 : nil)
        return HTML.response(templates.render(view, .bathroomHistory))
    }

    /// A whole number typed in a form field, or nil when left blank.
    static func integer(_ text: String?, field: String) throws(TallyError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw .invalid(field: field, reason: "'\(text)' is not a whole number")
        }
        return value
    }
}
