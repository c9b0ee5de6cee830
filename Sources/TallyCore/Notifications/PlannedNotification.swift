import Foundation

/// A notification worked out ahead: when it is due, what it says and what it comes from. Its ``key`` is
/// stable (the source and the occurrence's instant), so planning again finds the same notification and a
/// delivery claimed under the key is never sent twice.
public struct PlannedNotification: Hashable, Sendable {
    public var due: Date
    public var kind: NotificationKind
    /// The record it comes from (a reminder, event, tracker or skill); nil for water nudges and tests.
    public var sourceID: UUID?
    public var title: String
    public var body: String
    /// What a tap on the notification's button does without opening the app.
    public var action: NotificationAction?

    public init(
        due: Date, kind: NotificationKind, sourceID: UUID? = nil, title: String, body: String,
        action: NotificationAction? = nil
    ) {
        self.due = due
        self.kind = kind
        self.sourceID = sourceID
        self.title = title
        self.body = body
        self.action = action
    }

    /// `event/5f0c…/1767225600000`: the kind, the source and the due instant in milliseconds. Per user.
    public var key: String {
        "\(kind.rawValue)/\(sourceID?.uuidString.lowercased() ?? "-")/\(due.millisecondsSince1970)"
    }

    /// Soonest first; the key breaks ties so that plans are stable.
    public static func soonestFirst(_ lhs: PlannedNotification, _ rhs: PlannedNotification) -> Bool {
        (lhs.due, lhs.key) < (rhs.due, rhs.key)
    }
}

/// A button on a notification that does something without opening the app.
public enum NotificationAction: Hashable, Sendable {
    /// Log this much water (the first preset).
    case addWater(millilitres: Double)
    /// Mark the skill's task of the day done.
    case completeSkill(UUID, day: LocalDay)
}
