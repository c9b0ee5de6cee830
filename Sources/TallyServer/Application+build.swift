import Foundation
import Hummingbird
import Logging
import OpenAPIRuntime
import ServiceLifecycle
import TallyCore
import TallyMCP
import TallyNotify
import TallyServices
import TallyStorage

/// Where `tally serve` listens, and how people reach it.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The address people type, when a proxy in front answers for the server. An `https:` address makes
    /// every cookie Secure.
    public var publicURL: URL?
    /// How long a live-update stream stays open before the browser reconnects (it does so by itself).
    public var liveStreamLifetime: Duration
    /// Whether notification channels may send only to public addresses, whoever may sign up
    /// (`--public-channels-only`); otherwise only while sign-up is open, unless an administrator allows
    /// private ones (``AccountService/privateChannelsKey``).
    public var publicChannelsOnly: Bool
    /// How long a claimed delivery is held before another process may take it (its sender died).
    public var deliveryLease: TimeInterval
    /// How long a connection may send nothing whole (no request line and headers, no piece of a body)
    /// while no response is being written, before it is closed: a slow or stalled client cannot hold a
    /// connection for good. A response being written (a live-update stream) is never cut.
    public var idleTimeout: TimeInterval
    public static let standardIdleTimeout: TimeInterval = 30
    /// Where files uploaded on the Import page wait for the person to confirm the import.
    public var uploadDirectory: URL
    /// The largest file the Import page takes (Apple Health exports run to several GB).
    public var importLimit: Int
    public static let standardImportLimit = 4 << 30
    /// The bearer token `/metrics` asks for; nil (the default) leaves `/metrics` off.
    public var metricsToken: String?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, publicURL: URL? = nil,
        liveStreamLifetime: Duration = .seconds(300), publicChannelsOnly: Bool = false,
        deliveryLease: TimeInterval = 60, idleTimeout: TimeInterval = ServerConfiguration.standardIdleTimeout,
        uploadDirectory: URL = FileManager.default.temporaryDirectory.appendingPathComponent("tally-uploads"),
        importLimit: Int = ServerConfiguration.standardImportLimit, metricsToken: String? = nil
    ) {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.liveStreamLifetime = liveStreamLifetime
        self.publicChannelsOnly = publicChannelsOnly
        self.deliveryLease = deliveryLease
        self.idleTimeout = idleTimeout
        self.uploadDirectory = uploadDirectory
        self.importLimit = importLimit
        self.metricsToken = metricsToken
    }

    var usesHTTPS: Bool { publicURL?.scheme?.lowercased() == "https" }

    /// The address links in notifications start with.
    var baseURL: URL? { publicURL ?? URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)") }
}

/// What the server runs on: the store, the clocks, the machine's zone and the password hasher.
public struct ServerEnvironment: Sendable {
    public var store: any TallyStore
    public var clock: any WallClock
    /// The clock the background services (the notification scheduler, the delivery pruner, tombstone
    /// compaction) read and sleep on; without one (tests of pages), this process runs none of them and
    /// sends no notifications. `tally serve` gives the system's.
    public var schedulerClock: (any SleepingClock)?
    public var machineZone: TimeZone
    public var hasher: PasswordHasher
    /// The client notifications are sent through (the process's, whose requests give up after 10 s).
    public var http: OutgoingHTTP
    /// Credentials and settings kept between requests, made for `store`.
    public let cache: AccountCache

    public init(
        store: any TallyStore, clock: any WallClock, schedulerClock: (any SleepingClock)? = nil,
        machineZone: TimeZone, hasher: PasswordHasher = .standard, http: OutgoingHTTP = .shared
    ) {
        self.store = store
        self.clock = clock
        self.schedulerClock = schedulerClock
        self.machineZone = machineZone
        self.hasher = hasher
        self.http = http
        cache = AccountCache(store: store)
    }

    public var accounts: AccountService { AccountService(store: store, clock: clock, hasher: hasher, cache: cache) }
    var scopes: UserScopes { UserScopes(store: store, clock: clock, machineZone: machineZone) }

    /// Public addresses only with `--public-channels-only`, or while sign-up is open and no administrator
    /// allowed private ones; any address otherwise.
    func channelPolicy(_ configuration: ServerConfiguration) -> ChannelAddressPolicy {
        guard !configuration.publicChannelsOnly else { return ChannelAddressPolicy(allowsPrivate: false) }
        let accounts = accounts
        return ChannelAddressPolicy { try await accounts.privateChannelsAllowed() }
    }

    /// Sends through every kind of channel, on `clock`; Web Push with this server's VAPID key.
    func notifier(_ configuration: ServerConfiguration, clock: any WallClock) async throws -> Notifier {
        let push = PushSender(
            http: http, keys: try await PushSender.keys(in: store),
            subject: PushSender.subject(for: configuration.baseURL),
            clock: clock)
        return Notifier(
            store: store, senders: Notifier.senders(http: http, clock: clock, push: push), clock: clock,
            policy: channelPolicy(configuration), baseURL: configuration.baseURL, lease: configuration.deliveryLease,
            actionKey: try await NotificationActionToken.key(in: store))
    }
}

/// Builds the whole server: JSON API, web app and static files, each request acting for the person who
/// signed it. Tests build the very same application.
public func buildApplication(
    configuration: ServerConfiguration, environment: ServerEnvironment, logger: Logger = Logger(label: "tally")
) async throws -> some ApplicationProtocol {
    let changes = ChangeNotifier(store: environment.store, interval: LiveUpdates.interval)
    let routers = try await buildRouters(configuration: configuration, environment: environment, changes: changes)
    // Every background job is a service of the application's group. The group starts them in this order
    // and, on SIGTERM, stops them in reverse after the HTTP server has finished the requests it had (so
    // every acknowledged write is stored): skill rules, compaction, pruning, the scheduler, then the live updates'
    // notifier. `tally serve` runs PostgreSQL's client in the group around this one, so it stops last.
    var services: [any Service] = [changes]
    if let clock = environment.schedulerClock {
        services.append(
            NotificationScheduler(
                store: environment.store, notifier: try await environment.notifier(configuration, clock: clock),
                clock: clock,
                machineZone: environment.machineZone, logger: logger))
        services.append(DeliveryPruner(store: environment.store, clock: clock, logger: logger))
        services.append(TombstoneCompactor(store: environment.store, clock: clock, logger: logger))
        services.append(
            SkillRuleEvaluator(
                store: environment.store, clock: clock, machineZone: environment.machineZone, logger: logger))
    }
    return Application(
        responder: routers.responder(),
        server: .http1(
            configuration: .init(
                idleTimeout: .milliseconds(Int64((min(max(configuration.idleTimeout, 0.01), 86_400) * 1_000).rounded()))
            )
        ),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Tally"),
        services: services, logger: logger)
}

/// Every feature's routes and what guards them (see ``TallyRouters``); live pages are woken by `changes`,
/// which the application runs as a service.
func buildRouters(
    configuration: ServerConfiguration, environment: ServerEnvironment, changes: ChangeNotifier
) async throws -> TallyRouters {
    let site = try await buildSite(configuration: configuration, environment: environment, changes: changes)
    let common = TallyRouters.Common(
        site: site, metrics: configuration.metricsToken != nil,
        bodyDeadline: .milliseconds(Int64(configuration.idleTimeout * 2_000)))

    let web = Router(context: TallyRequestContext.self)
    common.add(to: web, errors: .page(site.templates))
    if let token = configuration.metricsToken { MetricsRoute(token: token).register(on: web) }
    StaticFiles().register(on: web)
    let document = try OpenAPIDocument.json(OpenAPIDocument.object())
    web.get("/openapi.json") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: document)))
    }
    web.addRoutes(OpenRoutes.health(site))
    web.addRoutes(OpenRoutes.secretLinks(site))
    web.group().add(middleware: SecurityHeadersMiddleware.Framable()).add(
        middleware: common.bodyLimit(BodyLimitMiddleware.standard)
    )
    .addRoutes(OpenRoutes.widgets(site))
    web.group().add(middleware: common.bodyLimit(BodyLimitMiddleware.standard))
        .add(middleware: CSRFMiddleware(bodies: .gathered))
        .addRoutes(OpenRoutes.signIn(site))
    let pages = common.signedIn(web, answer: .signInPage, limit: BodyLimitMiddleware.standard)
    for feature in PageRoutes.all(site) { pages.addRoutes(feature) }
    web.group()
        .add(middleware: SignInRequired(answer: .signInPage, accounts: site.accounts))
        .add(middleware: StreamedUploadLimit(limit: site.uploads.maxBytes))
        .add(middleware: CSRFMiddleware(bodies: .streamed))
        .group(context: SignedInContext.self)
        .addRoutes(PageRoutes.uploads(site))

    let api = Router(context: TallyRequestContext.self)
    common.add(to: api, errors: .problemJSON)
    let prefix = try Servers.Server1.url().path
    let methods = APIPathMethods(document: try OpenAPIDocument.object())
    func signedIn(_ limit: Int) -> RouterGroup<SignedInContext> {
        common.signedIn(api, answer: .unauthorized, limit: limit).add(middleware: APIRequest.Binding())
    }
    let registrar = APIRegistrar(
        prefix: prefix, openOperations: methods.openOperations,
        open: api.group().add(middleware: common.bodyLimit(BodyLimitMiddleware.standard))
            .add(middleware: APIRequest.VisitorBinding()),
        signedIn: signedIn(BodyLimitMiddleware.standard), largeBodies: signedIn(MultipartForm.maxBytes),
        pushes: signedIn(BodyLimitMiddleware.syncBatch).add(middleware: SyncJSONMiddleware(role: .readsRecords)),
        answers: signedIn(BodyLimitMiddleware.standard).add(middleware: SyncJSONMiddleware(role: .writesRecords)))
    try TallyAPI(
        scopes: environment.scopes, accounts: site.accounts, notificationSetup: site.notificationSetup,
        diaryShares: site.store, publicURL: site.publicURL
    )
    .registerHandlers(
        on: registrar, serverURL: try Servers.Server1.url(),
        // Compact answers with their keys in a stable order: indentation made a water entry's answer a
        // third longer, and cost every request the time to write it.
        configuration: Configuration(dateTranscoder: InstantTranscoder(), jsonEncodingOptions: [.sortedKeys]))
    MCPRoute(endpoint: MCPEndpoint(answers: TallyAPIAnswers()))
        .register(on: common.signedIn(api, answer: .unauthorized, limit: BodyLimitMiddleware.standard))
    let refusals = methods.registerRefusals(on: api, prefix: prefix).union(MCPRoute.registerRefusals(on: api))
    return TallyRouters(web: web, api: api, refusals: refusals)
}

/// The parts every route is made with: templates, accounts, keys and the services' settings.
func buildSite(
    configuration: ServerConfiguration, environment: ServerEnvironment, changes: ChangeNotifier
) async throws -> Site {
    let notifier = try await environment.notifier(configuration, clock: environment.clock)
    return Site(
        templates: try await Templates.load(),
        scopes: environment.scopes,
        // People are told about their account (guesses, sign-in codes) on their own channels.
        accounts: environment.accounts.telling(notifier),
        cookies: SessionCookies(secure: configuration.usesHTTPS),
        publicURL: configuration.publicURL,
        uploads: ImportUploads(directory: configuration.uploadDirectory, maxBytes: configuration.importLimit),
        notificationSetup: NotificationSetup(
            notifier: notifier,
            pushPublicKey: try await PushSender.keys(in: environment.store).publicKeyBase64URL,
            actionKey: try await NotificationActionToken.key(in: environment.store), baseURL: configuration.baseURL,
            publicURL: configuration.publicURL),
        widgetSignature: WidgetActionSignature(key: try await WidgetActionSignature.key(in: environment.store)),
        liveUpdates: LiveUpdates(
            scopes: environment.scopes, notifier: changes, lifetime: configuration.liveStreamLifetime))
}
