import Hummingbird
import Logging
import TallyServices

/// Where `tally serve` listens.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
    }
}

/// Builds the whole server: JSON API, web app and static files over one user's scope. Tests build the
/// very same application.
public func buildApplication(
    configuration: ServerConfiguration, scope: UserScope, logger: Logger = Logger(label: "tally")
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(scope: scope)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Tally"),
        logger: logger)
}

func buildRouter(scope: UserScope) async throws -> Router<BasicRequestContext> {
    let templates = try await Templates.load()
    let router = Router()
    router.add(middleware: ErrorMiddleware(templates: templates))
    router.get("/health") { _, _ in "ok" }
    try APIRoutes(scope: scope).register(on: router)
    WebRoutes(scope: scope, templates: templates).register(on: router)
    LiveUpdates(scope: scope).register(on: router)
    StaticFiles().register(on: router)
    return router
}
