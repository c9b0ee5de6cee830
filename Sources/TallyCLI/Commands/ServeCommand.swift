import ArgumentParser
import Hummingbird
import Logging
import TallyServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web app and JSON API.")

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @OptionGroup var store: StoreOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let scope = try store.scope()
        var logger = Logger(label: "tally")
        logger.logLevel = .info
        let app = try await buildApplication(
            configuration: ServerConfiguration(host: host, port: port), scope: scope, logger: logger)
        logger.info("Tally serves http://\(host):\(port) with data in \(store.directory.path)")
        try await app.runService()
    }
}
