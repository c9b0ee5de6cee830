import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TallyServer

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
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else {
                throw ValidationError("--public-url must be an http: or https: address, e.g. https://tally.example")
            }
        }
    }

    func run() async throws {
        let opened = try await store.open()
        let environment = ServerEnvironment(
            store: opened, clock: try SystemClock.fromEnvironment(), machineZone: TimeZone.current)
        if !Self.isLoopback(host), try await opened.users().isEmpty {
            throw ValidationError(
                "no account exists yet, so Tally will not listen on \(host): run `tally users add NAME` first, "
                    + "or serve on 127.0.0.1 and make the first account in the browser")
        }
        var logger = Logger(label: "tally")
        logger.logLevel = .info
        let app = try await buildApplication(
            configuration: ServerConfiguration(host: host, port: port, publicURL: publicURL.flatMap(URL.init(string:))),
            environment: environment, logger: logger)
        logger.info("Tally serves http://\(host):\(port) with data in \(store.location)")
        try await app.runService()
    }

    /// Addresses only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
