import Foundation
import TallyCore
import TallyServices

/// A notification's button, and what pressing it does without the app open: log the water a nudge
/// offers, mark a skill's task done, or send the notification again in 15 minutes. Each acts for the
/// owner of a verified ``NotificationActionToken`` and only as that notification allows.
public enum NotificationButton: String, CaseIterable, Sendable {
    case water
    case done
    case snooze

    /// How long a snooze lasts.
    public static let snoozeMinutes = 15

    /// The buttons `message` shows, with their labels: its own action, then snooze; none without a token.
    public static func buttons(for message: NotificationMessage) -> [(button: Self, label: String)] {
        guard message.actionToken != nil else { return [] }
        var buttons: [(button: Self, label: String)] = []
        switch message.action {
        case .addWater(let millilitres)?: buttons.append((.water, "+\(VolumeUnit.ml.format(millilitres))"))
        case .completeSkill?: buttons.append((.done, "Done"))
        case nil: break
        }
        buttons.append((.snooze, "Snooze \(snoozeMinutes) min"))
        return buttons
    }

    /// Reads the button's name as sent.
    public static func parse(_ text: String) throws(TallyError) -> Self {
        guard let button = Self(rawValue: text) else {
            throw .invalid(field: "action", reason: "'\(text)' is not a button: use water, done or snooze")
        }
        return button
    }

    /// Does what the button says for `token`'s notification, as `notifications`' user; returns a line
    /// saying what was done.
    public func press(
        for token: NotificationActionToken, notifications: NotificationService, source: WaterSource
    ) async throws -> String {
        let scope = notifications.scope
        switch (self, token.notification.action) {
        case (.water, .addWater(let millilitres)?):
            let entry = try await scope.water.log(amountML: millilitres, source: source)
            return "Logged \(VolumeUnit.ml.format(entry.amountML))."
        case (.done, .completeSkill(let id, let day)?):
            let skill = try await scope.skills.skill(id: id)
            _ = try await scope.skills.complete(id: id, level: .full, day: day)
            return "Marked \(skill.name) done."
        case (.snooze, _):
            let snoozed = try await notifications.snooze(token.notification, minutes: Self.snoozeMinutes)
            let zone = try await scope.now().zone
            return "Snoozed until \(zone.localDateTime(of: snoozed.due).timeOfDay)."
        case (.water, _), (.done, _):
            throw TallyError.invalid(field: "action", reason: "this notification has no '\(rawValue)' button")
        }
    }
}
