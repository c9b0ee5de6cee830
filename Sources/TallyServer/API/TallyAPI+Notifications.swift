import Foundation
import TallyCore
import TallyNotify
import TallyServices

/// Notifications: preferences, channels, tests, the horizon, the delivery log, the calendar feed and the
/// buttons of notifications.
extension TallyAPI {
    var notifications: NotificationService {
        get throws { NotificationService(scope: try scope, store: scopes.store) }
    }
    private var notifier: Notifier { notificationSetup.notifier }

    func getNotificationSettings(
        _ input: Operations.GetNotificationSettings.Input
    ) async throws -> Operations.GetNotificationSettings.Output {
        .ok(.init(body: .json(APIValue.notificationSettings(try await notifications.preferences()))))
    }

    func updateNotificationSettings(
        _ input: Operations.UpdateNotificationSettings.Input
    ) async throws -> Operations.UpdateNotificationSettings.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let changes = Dictionary(
            body.additionalProperties.map { (NotificationPreferenceName($0.key), $0.value) },
            uniquingKeysWith: { first, _ in first })
        let preferences = try await scope.notificationSettings.update(changes)
        return .ok(.init(body: .json(APIValue.notificationSettings(preferences))))
    }

    func listNotificationChannels(
        _ input: Operations.ListNotificationChannels.Input
    ) async throws -> Operations.ListNotificationChannels.Output {
        let channels = try await notifications.channels()
        return .ok(.init(body: .json(.init(channels: channels.map { APIValue.channel($0, showingSecret: false) }))))
    }

    func addNotificationChannel(
        _ input: Operations.AddNotificationChannel.Input
    ) async throws -> Operations.AddNotificationChannel.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let draft = ChannelDraft(
            kind: APIValue.channelKind(body.kind), url: body.url, name: body.name,
            token: body.token, pushKey: body.keys?.p256dh, pushAuth: body.keys?.auth)
        let channel = try await notifier.addChannel(draft, for: try notifications)
        return .created(.init(body: .json(APIValue.channel(channel, showingSecret: body.token == nil))))
    }

    func removeNotificationChannel(
        _ input: Operations.RemoveNotificationChannel.Input
    ) async throws -> Operations.RemoveNotificationChannel.Output {
        try await notifications.removeChannel(named: input.path.name)
        return .noContent(.init())
    }

    func testNotificationChannels(
        _ input: Operations.TestNotificationChannels.Input
    ) async throws -> Operations.TestNotificationChannels.Output {
        let results = try await notifier.sendTest(to: input.query.channel, for: try notifications)
        return .ok(
            .init(
                body: .json(
                    .init(
                        results: results.map { channel, result in
                            .init(
                                channel: channel.name, result: .init(rawValue: result.word) ?? .failed,
                                detail: result.detail)
                        }))))
    }

    func listUpcomingNotifications(
        _ input: Operations.ListUpcomingNotifications.Input
    ) async throws -> Operations.ListUpcomingNotifications.Output {
        let zone = try await scope.now().zone
        let upcoming = try await notifications.upcoming()
        return .ok(.init(body: .json(.init(notifications: upcoming.map { APIValue.upcoming($0, zone: zone) }))))
    }

    func listNotificationDeliveries(
        _ input: Operations.ListNotificationDeliveries.Input
    ) async throws -> Operations.ListNotificationDeliveries.Output {
        let limit = input.query.limit ?? 100
        guard (1...500).contains(limit) else {
            throw TallyError.invalid(field: "limit", reason: "ask for 1 to 500 entries")
        }
        let entries = try await notifications.log(limit: limit)
        return .ok(.init(body: .json(.init(entries: entries.map(APIValue.delivery)))))
    }

    func getPushKey(_ input: Operations.GetPushKey.Input) async throws -> Operations.GetPushKey.Output {
        .ok(.init(body: .json(.init(publicKey: notificationSetup.pushPublicKey))))
    }

    func getCalendarFeed(_ input: Operations.GetCalendarFeed.Input) async throws -> Operations.GetCalendarFeed.Output {
        let secret = try await scopes.store.calendarSecret(owner: try scope.owner)
        return .ok(.init(body: .json(calendarFeed(secret))))
    }

    func openCalendarFeed(
        _ input: Operations.OpenCalendarFeed.Input
    ) async throws -> Operations.OpenCalendarFeed.Output {
        let secret = try await notifications.calendarSecret(rotate: input.query.rotate ?? false)
        return .ok(.init(body: .json(calendarFeed(secret))))
    }

    func closeCalendarFeed(
        _ input: Operations.CloseCalendarFeed.Input
    ) async throws -> Operations.CloseCalendarFeed.Output {
        try await notifications.revokeCalendar()
        return .noContent(.init())
    }

    func pressNotificationButton(
        _ input: Operations.PressNotificationButton.Input
    ) async throws -> Operations.PressNotificationButton.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let token = try NotificationActionToken.verify(
            body.token, key: notificationSetup.actionKey, now: scopes.clock.now())
        let users = try await accounts.users()
        guard users.isEmpty || users.contains(where: { $0.id == token.owner }) else {
            throw TallyError.forbidden("this notification's account no longer exists")
        }
        let service = NotificationService(scope: scopes.scope(for: token.owner), store: scopes.store)
        let button = try NotificationButton.parse(body.action.rawValue)
        let message = try await button.press(for: token, notifications: service, source: .web)
        return .ok(.init(body: .json(.init(message: message))))
    }

    private func calendarFeed(_ secret: String?) -> Components.Schemas.CalendarFeed {
        .init(
            enabled: secret != nil,
            url: secret.map { CalendarFeedRoute.url(secret: $0, base: notificationSetup.baseURL) })
    }
}
