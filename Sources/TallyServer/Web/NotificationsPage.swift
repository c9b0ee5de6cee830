import Foundation
import Hummingbird
import TallyCore
import TallyNotify
import TallyServices
import TallyStorage

/// `/settings/notifications`: where notifications go (this browser, ntfy, webhooks), what to be notified
/// of, the water nudges' rules, each skill's reminder time and each event's lead time, what is coming, what
/// was sent, and the calendar feed.
struct NotificationsPage {
    let scope: UserScope
    let templates: PageTemplates
    let store: any TallyStore
    let setup: NotificationSetup

    static let path = "/settings/notifications"

    var notifications: NotificationService { NotificationService(scope: scope, store: store) }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let notice = request.uri.queryParameters.get("done").flatMap { Self.notices[String($0)] }
        return try await render(NotificationsView.Flash(notice: notice), request: request)
    }

    /// What a redirect after each action says.
    static let notices = [
        "saved": "Saved.", "added": "Channel added. Send it a test to see it arrive.", "removed": "Channel removed.",
        "tested": "Test sent: the delivery log below says how it went.", "browser": "This browser will be notified.",
        "calendar": "Calendar feed updated.",
    ]

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let service = notifications
        do {
            try await service.scope.notificationSettings.update(
                NotificationsView.changes(
                    from: form, skills: try await service.scope.skills.all(),
                    events: try await service.scope.events.all()))
        } catch let error as TallyError {
            return try await render(.init(error: FormMessage.text(error)), request: request, status: .badRequest)
        }
        return HTML.redirect(to: Self.path + "?done=saved")
    }

    func addChannel(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let kind = form["kind"] == "webhook" ? NotificationChannel.Kind.webhook : .ntfy
        let draft = ChannelDraft(kind: kind, url: form["url"] ?? "", name: form["name"], token: form.text("token"))
        do {
            let channel = try await setup.notifier.addChannel(draft, for: notifications)
            if let secret = channel.secret, draft.token == nil {
                return try await render(
                    .init(notice: "Webhook added. Its signing secret, shown this once: \(secret)"), request: request)
            }
        } catch let error as TallyError {
            return try await render(
                .init(error: FormMessage.text(error), draft: draft), request: request, status: .badRequest)
        }
        return HTML.redirect(to: Self.path + "?done=added")
    }

    /// The push subscription this browser just made (the page's script fills the fields in).
    func addBrowser(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let draft = ChannelDraft(
            kind: .push, url: form["endpoint"] ?? "", name: form.text("name"), pushKey: form["p256dh"],
            pushAuth: form["auth"])
        do {
            _ = try await setup.notifier.addChannel(draft, for: notifications)
        } catch let error as TallyError {
            return try await render(.init(error: FormMessage.text(error)), request: request, status: .badRequest)
        }
        return HTML.redirect(to: Self.path + "?done=browser")
    }

    func test(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let service = notifications
        let channel = try await channel(context, service)
        _ = try await setup.notifier.sendTest(to: channel.name, for: service)
        return HTML.redirect(to: Self.path + "?done=tested#log")
    }

    func remove(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let service = notifications
        let channel = try await channel(context, service)
        try await service.removeChannel(named: channel.id.text)
        return HTML.redirect(to: Self.path + "?done=removed")
    }

    func calendar(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let service = notifications
        switch form["feed"] {
        case "off": try await service.revokeCalendar()
        case "rotate": _ = try await service.calendarSecret(rotate: true)
        default: _ = try await service.calendarSecret()
        }
        return HTML.redirect(to: Self.path + "?done=calendar#calendar")
    }

    private func channel(
        _ context: SignedInContext, _ service: NotificationService
    ) async throws
        -> NotificationChannel
    {
        let id = try APIValue.id(context.parameters.require("id"), kind: "notification channel")
        return try await service.channel(named: id.text)
    }

    private func render(
        _ flash: NotificationsView.Flash, request: Request, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let service = notifications
        let base = setup.publicURL ?? Self.requestBase(request) ?? setup.baseURL
        let view = try await NotificationsView.make(service: service, flash: flash, calendarBase: base)
        return HTML.response(templates.render(view, .notifications), status: status)
    }

    /// The address the person reached this page at, for the calendar feed's link.
    static func requestBase(_ request: Request) -> URL? {
        guard let host = request.head.authority, !host.isEmpty else { return nil }
        return URL(string: "http://\(host)")
    }
}
