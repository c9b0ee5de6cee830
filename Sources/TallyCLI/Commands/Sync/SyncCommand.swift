import ArgumentParser
import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// `tally sync`: sends this data directory's changes to the server and fetches everyone else's.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push local changes to the server and pull the rest (after `tally login`).",
        discussion: """
            Safe to interrupt and to repeat: each step is durable before the next. Days are compared with \
            the server (digests) once a day, or with --reconcile, to repair any drift.
            """)

    @Flag(help: "Show what is waiting to be sent and the server's state instead of syncing.") var status = false
    @Flag(help: "Compare every day with the server now and repair differences.") var reconcile = false
    @Flag(help: "Print nothing (for scripts and the background push).") var quiet = false
    @Flag(help: .hidden) var background = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (device, scope) = try store.device()
        guard let state = try await device.syncState() else {
            throw ValidationError("this data directory is not logged in; run tally login URL first")
        }
        let transport = HTTPSyncTransport(http: try SyncHTTP(server: state.serverURL, token: state.token))
        if status { return try await showStatus(scope: scope, state: state, transport: transport) }
        var client = SyncClient(store: device, transport: transport, clock: scope.clock)
        client.images = transport
        if background {
            // A push after a local change: one try, quietly; the change is stored whatever happens here.
            client.retry = RetryPolicy(attempts: 1)
            _ = try? await client.sync()
            return
        }
        // A first sync can bring years of history: its pages keep the day totals as they are applied, and
        // the totals follow a day boundary the pulled settings changed, so no read pays for a rebuild.
        try await scope.keepDayTotals()
        let summary = try await client.sync(reconcile: reconcile)
        try await scope.keepDayTotals()
        if json { return try Output.json(summary) }
        if quiet { return }
        var line = "Pushed \(summary.pushed), pulled \(summary.pulled) (\(summary.applied) applied)"
        if summary.purged > 0 { line += ", \(summary.purged) compacted deletions dropped" }
        if summary.resynced {
            line += "; resynced in full, \(summary.removed) records the server no longer has removed"
        }
        if let repaired = summary.repairedBuckets { line += "; days compared, \(repaired) repaired" }
        print(line + ".")
    }

    private func showStatus(scope: UserScope, state: SyncState, transport: HTTPSyncTransport) async throws {
        var outbox = 0
        var after = state.pushedThrough
        while true {
            let page = try await scope.store.changes(owner: state.ownerID, after: after, limit: 1_000)
            outbox += page.records.count
            after = page.through
            if !page.hasMore { break }
        }
        let server = try? await transport.status()
        let report = SyncStatusJSON(
            server: state.serverURL, userId: state.ownerID.text, deviceId: scope.store.deviceID.text,
            outbox: outbox, pushedThrough: state.pushedThrough, pulledThrough: state.pulledThrough,
            reconciledAt: state.reconciledAt.map(InstantFormat.string), reachable: server != nil,
            serverLatest: server?.latestSequence)
        if json { return try Output.json(report) }
        print("Server:        \(report.server) (\(server == nil ? "unreachable" : "reachable"))")
        print("Account:       \(report.userId)")
        print("This device:   \(report.deviceId)")
        print("Waiting:       \(outbox) local change\(outbox == 1 ? "" : "s") not yet acknowledged")
        let behind = server.map { max(0, $0.latestSequence - state.pulledThrough) }
        print(
            "Pulled up to:  \(state.pulledThrough)\(behind.map { $0 > 0 ? " (server is at \(state.pulledThrough + $0))" : " (up to date)" } ?? "")"
        )
        print("Days compared: \(report.reconciledAt ?? "never")")
    }
}

/// `tally sync --status --json`.
struct SyncStatusJSON: Encodable {
    let server: String
    let userId: String
    let deviceId: String
    let outbox: Int
    let pushedThrough: Int64
    let pulledThrough: Int64
    let reconciledAt: String?
    let reachable: Bool
    let serverLatest: Int64?
}
