import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct NotifyUpcomingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upcoming", abstract: "List the next notifications (up to 64), in your time zone.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let service = try await store.notifications()
        let zone = try await service.scope.now().zone
        let upcoming = try await service.upcoming()
        if json { return try Output.json(upcoming.map { UpcomingJSON($0, zone: zone) }) }
        if upcoming.isEmpty { print("Nothing coming up.") }
        for notification in upcoming {
            let local = zone.localDateTime(of: notification.due)
            print("\(local.day) \(local.timeOfDay)  \(notification.kind.label): \(notification.title)")
        }
    }
}

struct NotifyLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "List the latest delivery attempts, newest first.")

    @Option(help: "How many (1 to 500).") var limit = 50
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (1...500).contains(limit) else { throw ValidationError("--limit must be from 1 to 500") }
    }

    func run() async throws {
        let service = try await store.notifications()
        let zone = try await service.scope.now().zone
        let entries = try await service.log(limit: limit)
        if json { return try Output.json(entries.map { DeliveryJSON($0, zone: zone) }) }
        if entries.isEmpty { print("Nothing sent yet.") }
        for entry in entries {
            let local = zone.localDateTime(of: entry.at)
            print(
                "\(local.day) \(local.timeOfDay)  \(entry.channelName): \(entry.title) - \(entry.outcome) (\(entry.detail))"
            )
        }
    }
}

struct NotifyCalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar-url",
        abstract: "Print the secret address of your calendar feed (events, reminders, trackers).",
        discussion: "Subscribe to it in any calendar app. --rotate makes a new address; the old one stops working.")

    @Flag(help: "Make a new secret address; the old one stops working.") var rotate = false
    @Option(help: "The address people open Tally at.") var publicURL = "http://127.0.0.1:8080"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let secret = try await store.notifications().calendarSecret(rotate: rotate)
        let base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        let url = "\(base)/calendar/\(secret).ics"
        if json { return try Output.json(["url": url, "secret": secret]) }
        print(url)
    }
}

/// A planned notification in `--json` output.
struct UpcomingJSON: Encodable {
    let key: String
    let at: String
    let localTime: String
    let kind: String
    let title: String
    let body: String
    let sourceId: String?

    init(_ notification: PlannedNotification, zone: TimeZone) {
        key = notification.key
        at = InstantFormat.string(notification.due, in: zone)
        localTime = zone.localDateTime(of: notification.due).description
        kind = notification.kind.rawValue
        title = notification.title
        body = notification.body
        sourceId = notification.sourceID?.text
    }
}

/// A delivery attempt in `--json` output.
struct DeliveryJSON: Encodable {
    let at: String
    let key: String
    let kind: String
    let title: String
    let channel: String
    let channelKind: String
    let attempt: Int
    let outcome: String
    let detail: String

    init(_ entry: DeliveryLogEntry, zone: TimeZone) {
        at = InstantFormat.string(entry.at, in: zone)
        key = entry.key
        kind = entry.kind.rawValue
        title = entry.title
        channel = entry.channelName
        channelKind = entry.channelKind.rawValue
        attempt = entry.attempt
        outcome = entry.outcome
        detail = entry.detail
    }
}
