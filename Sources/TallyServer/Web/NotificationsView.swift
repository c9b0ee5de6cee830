import Foundation
import TallyCore
import TallyServices

/// What `/settings/notifications` shows, and how its settings form turns into preference changes.
struct NotificationsView {
    /// What the page says at the top after an action.
    struct Flash {
        var notice: String?
        var error: String?
        var draft: ChannelDraft?
    }

    struct Channel {
        let id: String
        let name: String
        let kind: String
        let address: String
        /// Why the scheduler stopped sending here, if it did.
        let pausedReason: String?
    }

    struct Switch {
        let name: String
        let label: String
        let on: Bool
    }

    struct Row {
        let name: String
        let field: String
        let value: String
        let options: [Option]
    }

    struct Upcoming {
        let when: String
        let kind: String
        let title: String
        let body: String
    }

    struct Delivery {
        let when: String
        let title: String
        let channel: String
        let outcome: String
        let detail: String
        let failed: Bool
    }

    let title = "Notifications"
    let flash: Flash
    let channels: [Channel]
    let hasChannels: Bool
    let switches: [Switch]
    let waterPerDay: Int
    let quietFrom: String
    let quietTo: String
    let waterGap: Int
    let skills: [Row]
    let events: [Row]
    let hasSkills: Bool
    let hasEvents: Bool
    let upcoming: [Upcoming]
    /// How many more are planned than are listed; nil when none (a section over an Int shows even for 0).
    let upcomingMore: Int?
    let log: [Delivery]
    let calendarURL: String?
    let draftKind: [Option]
    let draftURL: String
    let draftName: String

    static let switchLabels = [
        "water": "Water nudges", "reminders": "Reminders", "events": "Events", "trackers": "Countdowns arriving",
        "skills": "Skills (daily reminders and reviews)",
        "diary": "Bladder diary (getting up and bedtime, while you keep one)",
    ]
    static let leadChoices = [
        ("", "No notification before"), ("0", "At the start"), ("5", "5 minutes before"), ("15", "15 minutes before"),
        ("30", "30 minutes before"), ("60", "1 hour before"), ("120", "2 hours before"), ("1440", "1 day before"),
        ("10080", "1 week before"),
    ]
    /// How many upcoming notifications the page lists (all 64 are planned).
    static let upcomingShown = 20

    static func make(service: NotificationService, flash: Flash, calendarBase: URL?) async throws -> Self {
        let scope = service.scope
        let zone = try await scope.now().zone
        let preferences = try await service.preferences()
        let channels = try await service.channels()
        let upcoming = try await service.upcoming()
        let log = try await service.log(limit: 30)
        let skills = try await scope.skills.all().filter { $0.archivedOn == nil }
        let events = try await scope.events.all().map(\.event)
        let secret = try await service.store.calendarSecret(owner: scope.owner)
        func local(_ instant: Date) -> String {
            let local = zone.localDateTime(of: instant)
            return "\(DayText.heading(local.day)) · \(local.timeOfDay)"
        }
        let draft = flash.draft
        return Self(
            flash: flash,
            channels: channels.map {
                Channel(
                    id: $0.id.text, name: $0.name, kind: $0.kind.label,
                    address: $0.kind == .push ? "a browser" : $0.url, pausedReason: $0.pausedReason)
            },
            hasChannels: !channels.isEmpty,
            switches: NotificationPreferenceName.switches.map {
                Switch(
                    name: $0.description, label: switchLabels[$0.description] ?? $0.description,
                    on: preferences.value(of: $0) == "on")
            },
            waterPerDay: preferences.waterPerDay, quietFrom: preferences.waterQuiet?.start.description ?? "",
            quietTo: preferences.waterQuiet?.end.description ?? "", waterGap: preferences.waterGapMinutes,
            skills: skills.map {
                Row(
                    name: $0.name, field: NotificationPreferenceName.skillTime($0.id).description,
                    value: preferences.skillTimes[$0.id]?.description ?? "", options: [])
            },
            events: events.map { event in
                let chosen = preferences.eventLeadMinutes[event.id].map(String.init) ?? ""
                return Row(
                    name: event.fields.title, field: NotificationPreferenceName.eventLead(event.id).description,
                    value: chosen,
                    options: leadChoices.map { Option(value: $0.0, label: $0.1, selected: $0.0 == chosen) })
            },
            hasSkills: !skills.isEmpty, hasEvents: !events.isEmpty,
            upcoming: upcoming.prefix(upcomingShown).map {
                Upcoming(when: local($0.due), kind: $0.kind.label, title: $0.title, body: $0.body)
            },
            upcomingMore: upcoming.count > upcomingShown ? upcoming.count - upcomingShown : nil,
            log: log.map {
                Delivery(
                    when: local($0.at), title: $0.title, channel: $0.channelName, outcome: $0.outcome,
                    detail: $0.detail, failed: $0.outcome != "sent")
            },
            calendarURL: secret.map { CalendarFeedRoute.url(secret: $0, base: calendarBase) },
            draftKind: [("ntfy", "ntfy topic"), ("webhook", "Webhook")].map {
                Option(value: $0.0, label: $0.1, selected: (draft?.kind.rawValue ?? "ntfy") == $0.0)
            },
            draftURL: draft?.url ?? "", draftName: draft?.name ?? "")
    }

    /// The preference changes the settings form asks for: every switch (an unticked box is off), the
    /// water rules, and the time or lead of each skill and event listed.
    static func changes(
        from form: FormBody, skills: [Skill], events: [(event: CalendarEvent, next: Date?)]
    ) throws(TallyError) -> [NotificationPreferenceName: String] {
        var changes: [NotificationPreferenceName: String] = [:]
        for name in NotificationPreferenceName.switches { changes[name] = form[name.description] == nil ? "off" : "on" }
        changes[.waterPerDay] = form["waterPerDay"] ?? ""
        changes[.waterGap] = form["waterGap"] ?? ""
        switch (form.text("quietFrom"), form.text("quietTo")) {
        case (let from?, let to?): changes[.waterQuiet] = "\(from)-\(to)"
        case (nil, nil): changes[.waterQuiet] = ""
        default: throw .invalid(field: "Quiet hours", reason: "give both when they start and when they end")
        }
        for name in skills.map({ NotificationPreferenceName.skillTime($0.id) })
            + events.map({ NotificationPreferenceName.eventLead($0.event.id) })
        {
            if let value = form[name.description] { changes[name] = value }
        }
        return changes
    }
}
