import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TallyCore
import TallyNotify
import TallyServer
import TallyStorage

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app and JSON API.",
        discussion: """
            Until an account exists, Tally listens on loopback only: open the address it prints and make \
            the first account, or run `tally users add NAME`.
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @Option(help: "The address people use, when a proxy answers for Tally; https: makes cookies Secure.")
    var publicURL: String?
    @Flag(
        help: ArgumentHelp(
            "Refuse notification channels on loopback or private addresses always (by default, only while "
                + "sign-up is open, unless an administrator allows them on the People page)."))
    var publicChannelsOnly = false
    @Option(help: "The largest file the Import page accepts, in MB (Apple Health exports run to several GB).")
    var importLimit = ServerConfiguration.standardImportLimit >> 20
    @Option(help: "Where uploads wait until the person confirms the import (default: the system's temporary folder).")
    var uploadDirectory: String?
    @Option(
        help: """
            Turn /metrics on (Prometheus text format), for scrapers that send this bearer token \
            (at least 16 characters; or set TALLY_METRICS_TOKEN).
            """)
    var metricsToken: String?
    @Option(help: .hidden) var deliveryLease: Double = 60
    @Option(help: .hidden) var idleTimeout: Double = ServerConfiguration.standardIdleTimeout
    /// How long a notification's endpoint has to answer (tests whose receiver may stall raise it).
    @Option(help: .hidden) var sendTimeout: Double = 10
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...3_600).contains(deliveryLease) else { throw ValidationError("--delivery-lease must be 1 to 3600 s") }
        guard (1...1 << 20).contains(importLimit) else {
            throw ValidationError("--import-limit must be 1 to 1048576 MB")
        }
        guard (1...3_600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1 to 3600 s") }
        guard (1...600).contains(sendTimeout) else { throw ValidationError("--send-timeout must be 1 to 600 s") }
        if let token = metricsTokenInForce, token.count < 16 {
            throw ValidationError("--metrics-token must be at least 16 characters: it is the metrics' password")
        }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else {
                throw ValidationError("--public-url must be an http: or https: address, e.g. https://tally.example")
            }
        }
    }

    func run() async throws {
        var logger = Logger(label: "tally")
        logger.logLevel = .info
        let (opened, storeServices) = try await store.openForService(events: logger)
        let clock = try SystemClock.fromEnvironment()
        // Pinned by TALLY_NOW, the scheduler's clock starts there and runs on: it has to sleep until things are due.
        let schedulerClock = SystemSleepingClock(start: (clock as? FixedClock)?.instant)
        let environment = ServerEnvironment(
            store: opened, clock: clock, schedulerClock: schedulerClock, machineZone: TimeZone.current,
            http: sendTimeout == 10 ? .shared : OutgoingHTTP(timeout: .milliseconds(Int64(sendTimeout * 1_000))))
        let configuration = ServerConfiguration(
            host: host, port: port, publicURL: publicURL.flatMap(URL.init(string:)),
            publicChannelsOnly: publicChannelsOnly, deliveryLease: deliveryLease, idleTimeout: idleTimeout,
            uploadDirectory: uploadDirectory.map { URL(fileURLWithPath: $0) } ?? ServerConfiguration().uploadDirectory,
            importLimit: importLimit << 20, metricsToken: metricsTokenInForce)
        let location = store.location
        // On PostgreSQL with the default upload folder, each machine keeps its own: say what to do.
        let warnsOfUploads = store.databaseURL != nil && uploadDirectory == nil
        // The store's services (PostgreSQL's client) start first and, on SIGTERM, stop last: the application
        // stops taking requests, finishes those it has, stops its own services, and only then are the
        // connections closed.
        let application = ApplicationStartup { [logger] in
            try await Self.application(configuration: configuration, environment: environment, logger: logger) {
                logger.info("Tally serves http://\(configuration.host):\(configuration.port) with data in \(location)")
                if warnsOfUploads {
                    let folder = configuration.uploadDirectory.path
                    logger.notice(
                        "the Import page keeps uploads in \(folder) on this machine until they are imported: give every server on this database the same shared --upload-directory"
                    )
                }
            }
        }
        let group = ServiceGroup(
            services: storeServices + [application], gracefulShutdownSignals: [.sigterm, .sigint],
            cancellationSignals: [], logger: logger)
        try await group.run()
    }

    /// The server, once its store answers; `started` is called when it is built.
    private static func application(
        configuration: ServerConfiguration, environment: ServerEnvironment, logger: Logger,
        started: () -> Void
    ) async throws -> some Service {
        if !isLoopback(configuration.host), try await environment.store.users().isEmpty {
            throw ValidationError(
                "no account exists yet, so Tally will not listen on \(configuration.host): run `tally users add NAME` "
                    + "first, or serve on 127.0.0.1 and make the first account in the browser")
        }
        let app = try await buildApplication(configuration: configuration, environment: environment, logger: logger)
        started()
        return app
    }

    /// `--metrics-token`, else `$TALLY_METRICS_TOKEN`; nil leaves /metrics off.
    var metricsTokenInForce: String? {
        metricsToken ?? ProcessInfo.processInfo.environment["TALLY_METRICS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Addresses only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
