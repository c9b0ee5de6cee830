import Foundation
import TallyCore

/// A notification as a channel sends it: what it says, what it comes from, where a tap leads and the
/// buttons a push notification offers.
public struct NotificationMessage: Hashable, Sendable {
    public var key: String
    public var kind: NotificationKind
    public var title: String
    public var body: String
    public var due: Date
    /// The due time on the user's clock, `2026-11-23T14:00`.
    public var dueLocal: String
    /// The page a tap opens.
    public var link: URL?
    public var action: NotificationAction?
    /// What the notification's buttons send back (a ``NotificationActionToken``); nil for tests.
    public var actionToken: String?
    /// Where the buttons post their token: ``actionPath`` on this server.
    public var actionURL: URL?

    public init(
        key: String, kind: NotificationKind, title: String, body: String, due: Date, dueLocal: String, link: URL?,
        action: NotificationAction? = nil
    ) {
        self.key = key
        self.kind = kind
        self.title = title
        self.body = body
        self.due = due
        self.dueLocal = dueLocal
        self.link = link
        self.action = action
    }

    /// The message of a planned notification, its local time read in `zone` and its link under `base`.
    public init(_ planned: PlannedNotification, zone: TimeZone, base: URL?) {
        self.init(
            key: planned.key, kind: planned.kind, title: planned.title, body: planned.body, due: planned.due,
            dueLocal: zone.localDateTime(of: planned.due).description,
            link: base.flatMap {
                URL(string: Self.path(of: planned.kind, action: planned.action), relativeTo: $0)?.absoluteURL
            },
            action: planned.action)
        self.actionURL = base.flatMap { URL(string: Self.actionPath, relativeTo: $0)?.absoluteURL }
    }

    /// The page of the app that shows what a notification of `kind` is about (a snoozed one: what its
    /// button is about).
    static func path(of kind: NotificationKind, action: NotificationAction? = nil) -> String {
        switch (kind, action) {
        case (.snooze, .addWater?): return "/water"
        case (.snooze, .completeSkill?): return "/skills"
        case (.snooze, nil): return "/"
        default: break
        }
        return switch kind {
        case .water: "/water"
        case .reminder: "/dates/reminders"
        case .event: "/dates/events"
        case .tracker: "/dates"
        case .skill, .review: "/skills"
        case .test, .snooze: "/settings/notifications"
        case .account: "/account"
        case .diary: "/bathroom/diary"
        }
    }

    /// Where the buttons post their ``actionToken``: on this server, under `base`.
    public static let actionPath = "/api/v1/notifications/actions"

    /// The ntfy priority (1 to 5): reminders and events are high, nudges default.
    var priority: Int {
        switch kind {
        case .reminder, .event, .tracker, .account: 4
        default: 3
        }
    }

    /// ntfy tags, which ntfy shows as emoji.
    var tags: [String] {
        switch kind {
        case .water: ["droplet"]
        case .reminder: ["bell"]
        case .event: ["date"]
        case .tracker: ["tada"]
        case .skill, .review: ["white_check_mark"]
        case .test: ["wave"]
        case .snooze: ["zzz"]
        case .account: ["lock"]
        case .diary: ["clipboard"]
        }
    }
}
