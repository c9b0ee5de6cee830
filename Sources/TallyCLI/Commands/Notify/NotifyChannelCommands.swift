import ArgumentParser
import Foundation
import TallyCore
import TallyNotify
import TallyServices

struct NotifyChannelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "channels", abstract: "List your channels.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let channels = try await store.notifications().channels()
        if json { return try Output.json(channels.map(ChannelJSON.init)) }
        if channels.isEmpty { print("No channels yet: add one with `tally notify add ntfy URL`.") }
        for channel in channels {
            print("\(channel.name)  [\(channel.kind.rawValue)]  \(channel.kind == .push ? "browser" : channel.url)")
        }
    }
}

struct NotifyAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an ntfy topic or a webhook to send notifications to.",
        discussion: """
            A webhook gets a JSON POST signed with HMAC-SHA256 of the body in the X-Tally-Signature header \
            (sha256=HEX); its secret is printed once here (or give your own with --token).
            """)

    @Argument(help: "ntfy or webhook.") var kind: String
    @Argument(help: "The topic or webhook URL, e.g. https://ntfy.sh/my-topic.") var url: String
    @Option(help: "What to call it (default: from the URL).") var name: String?
    @Option(help: "ntfy: an access token; webhook: the signing secret.") var token: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard let kind = NotificationChannel.Kind(rawValue: kind.lowercased()), kind != .push else {
            throw ValidationError("'\(kind)' is not a channel you can add here: use ntfy or webhook")
        }
        let service = try await store.notifications()
        let notifier = Notifier(store: service.store, senders: [:], clock: service.scope.clock)
        let channel = try await notifier.addChannel(
            ChannelDraft(kind: kind, url: url, name: name, token: token), for: service)
        if json { return try Output.json(ChannelJSON(channel, showingSecret: true)) }
        print("Added \(channel.kind.rawValue) channel '\(channel.name)'. Try it: tally notify test '\(channel.name)'")
        if let secret = channel.secret, token == nil { print("Signing secret (shown once): \(secret)") }
    }
}

struct NotifyRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a channel.")

    @Argument(help: "The channel's name.") var name: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        try await store.notifications().removeChannel(named: name)
        print("Removed '\(name)'.")
    }
}

struct NotifyTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Send a test notification now, to one channel or to all of them.")

    @Argument(help: "The channel's name (default: every channel).") var name: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let service = try await store.notifications()
        let clock = service.scope.clock
        let notifier = Notifier(
            store: service.store, senders: Notifier.senders(http: .shared, clock: clock), clock: clock)
        let results = try await notifier.sendTest(to: name, for: service)
        if json {
            return try Output.json(
                results.map { channel, result in
                    ["channel": channel.name, "result": result.word, "detail": result.detail]
                })
        }
        for (channel, result) in results { print("\(channel.name): \(result.word) (\(result.detail))") }
        if results.contains(where: { $0.1.word != "sent" }) { throw ExitCode.failure }
    }
}

/// A channel in `--json` output; secrets only when just made.
struct ChannelJSON: Encodable {
    let id: String
    let name: String
    let kind: String
    let url: String
    let createdAt: String
    let secret: String?

    init(_ channel: NotificationChannel) { self.init(channel, showingSecret: false) }

    init(_ channel: NotificationChannel, showingSecret: Bool) {
        id = channel.id.text
        name = channel.name
        kind = channel.kind.rawValue
        url = channel.kind == .push ? "" : channel.url
        createdAt = InstantFormat.string(channel.createdAt)
        secret = showingSecret ? channel.secret : nil
    }
}
