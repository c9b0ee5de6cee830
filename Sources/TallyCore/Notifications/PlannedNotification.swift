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
        "\(kind.rawValue)/\(sourceID?.lowercaseText ?? "-")/\(due.millisecondsSince1970)"
    }

    /// Soonest first; the key breaks ties so that plans are stable.
    public static func soonestFirst(_ lhs: PlannedNotification, _ rhs: PlannedNotification) -> Bool {
        (lhs.due, lhs.key) < (rhs.due, rhs.key)
    }

    /// This notification sent again `minutes` after `now`: same words, same button, a new key.
    public func snoozed(now: Date, minutes: Int = 15) -> PlannedNotification {
        PlannedNotification(
            due: now.addingTimeInterval(TimeInterval(minutes * 60)).roundedDownToSecond, kind: .snooze,
            sourceID: sourceID, title: title, body: body, action: action)
    }
}

/// A button on a notification that does something without opening the app.
public enum NotificationAction: Hashable, Sendable {
    /// Log this much water (the first preset).
    case addWater(millilitres: Double)
    /// Mark the skill's task of the day done.
    case completeSkill(UUID, day: LocalDay)

    /// `water:250.0` or `skill:<id>:<day>`: how the action is kept and carried in action tokens.
    public var text: String {
        switch self {
        case .addWater(let millilitres): "water:\(millilitres)"
        case .completeSkill(let id, let day): "skill:\(id.lowercaseText):\(day)"
        }
    }

    /// Reads ``text``; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("water", 2):
            guard let millilitres = Double(parts[1]), millilitres.isFinite, millilitres > 0 else { return nil }
            self = .addWater(millilitres: millilitres)
        case ("skill", 3):
            guard let id = UUID(text: parts[1]), let day = try? LocalDay.parse(parts[2], field: "day") else {
                return nil
            }
            self = .completeSkill(id, day: day)
        default:
            return nil
        }
    }
}
