import Foundation
import TallyCore

/// Notifications as the API shows them.
extension APIValue {
    static func notificationSettings(_ preferences: NotificationPreferences) -> Components.Schemas.NotificationSettings
    {
        .init(
            water: preferences.water, reminders: preferences.reminders, events: preferences.events,
            trackers: preferences.trackers, skills: preferences.skills, diary: preferences.diary,
            waterPerDay: preferences.waterPerDay,
            waterQuiet: preferences.waterQuiet?.description ?? "", waterGapMinutes: preferences.waterGapMinutes,
            skillTimes: .init(
                additionalProperties: Dictionary(
                    uniqueKeysWithValues: preferences.skillTimes.map {
                        ($0.key.lowercaseText, $0.value.description)
                    })),
            eventLeadMinutes: .init(
                additionalProperties: Dictionary(
                    uniqueKeysWithValues: preferences.eventLeadMinutes.map {
                        ($0.key.lowercaseText, $0.value)
                    })))
    }

    /// A channel; its signing secret only when just made (a push channel's endpoint is never shown).
    static func channel(_ channel: NotificationChannel, showingSecret: Bool) -> Components.Schemas.NotificationChannel {
        .init(
            id: channel.id.text, name: channel.name,
            kind: channelKind(channel.kind), url: channel.kind == .push ? "" : channel.url,
            createdAt: channel.createdAt, secret: showingSecret ? channel.secret : nil,
            pausedReason: channel.pausedReason)
    }

    static func upcoming(_ notification: PlannedNotification, zone: TimeZone) -> Components.Schemas.UpcomingNotification
    {
        .init(
            key: notification.key, at: notification.due,
            localTime: zone.localDateTime(of: notification.due).description, kind: notification.kind.rawValue,
            title: notification.title, body: notification.body, sourceId: notification.sourceID?.text)
    }

    static func delivery(_ entry: DeliveryLogEntry) -> Components.Schemas.NotificationDelivery {
        .init(
            at: entry.at, key: entry.key, kind: entry.kind.rawValue, title: entry.title, channel: entry.channelName,
            channelKind: entry.channelKind.rawValue, attempt: entry.attempt, outcome: entry.outcome,
            detail: entry.detail)
    }
}
