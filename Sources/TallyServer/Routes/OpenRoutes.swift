import Hummingbird
import NIOCore
import TallyServices

/// The web app's routes anyone may reach: signing in, the first run and sign-up, and the addresses whose
/// secret is the credential (water share links, diary share links, calendar feeds, widgets).
enum OpenRoutes {
    /// Pages for signing in, the first run and sign-up. They post forms, so ``TallyRouters`` gives them the
    /// body limit and the anti-forgery check.
    static func signIn(_ site: Site) -> RouteCollection<TallyRequestContext> {
        let routes = RouteCollection(context: TallyRequestContext.self)
        let pages = SignInPages(
            accounts: site.accounts, scopes: site.scopes, templates: site.templates, cookies: site.cookies)
        routes.get("/setup", use: pages.setupPage)
        routes.post("/setup", use: pages.setup)
        routes.get("/login", use: pages.loginPage)
        routes.post("/login", use: pages.login)
        routes.post("/login/code", use: pages.sendCode)
        routes.get("/signup", use: pages.signupPage)
        routes.post("/signup", use: pages.signup)
        routes.post("/logout", use: pages.logout)
        return routes
    }

    /// Read-only addresses whose secret is the credential: a water share link and its cards, a diary share
    /// link, a calendar feed.
    static func secretLinks(_ site: Site) -> RouteCollection<TallyRequestContext> {
        let routes = RouteCollection(context: TallyRequestContext.self)
        let water = SharedWaterPage(scopes: site.scopes, templates: site.templates)
        routes.get("/shared/:token", use: water.publicPage)
        routes.get("/shared/:token/:card", use: water.publicCard)
        routes.get("/shared-diary/:secret", use: SharedDiaryRoute(scopes: site.scopes, templates: site.templates).page)
        routes.get("/calendar/:file", use: CalendarFeedRoute(scopes: site.scopes).feed)
        return routes
    }

    /// A person's widgets: made to be framed by dashboards on other sites, and their preset buttons post
    /// with a signature instead of a cookie, so they have no anti-forgery check.
    static func widgets(_ site: Site) -> RouteCollection<TallyRequestContext> {
        let routes = RouteCollection(context: TallyRequestContext.self)
        let widget = WidgetRoutes(scopes: site.scopes, templates: site.templates, signature: site.widgetSignature)
        routes.get("/widget/:secret", use: widget.page)
        routes.get("/widget/:secret/ring.svg", use: widget.ring)
        routes.get("/widget/:secret/status.json", use: widget.status)
        routes.post("/widget/:secret/add", use: widget.add)
        routes.get("/widget/:secret/add", use: widget.addOpened)
        return routes
    }

    /// Liveness (the process answers, whatever the database does) and readiness (the database answers
    /// too: a load balancer sends requests only to ready servers).
    static func health(_ site: Site) -> RouteCollection<TallyRequestContext> {
        let routes = RouteCollection(context: TallyRequestContext.self)
        let store = site.store
        routes.get("/health") { _, _ in "ok" }
        routes.get("/ready") { _, _ -> Response in
            do {
                _ = try await store.cacheVersion()
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ready")))
            } catch {
                return Response(
                    status: .serviceUnavailable, headers: [.retryAfter: "5"],
                    body: .init(byteBuffer: ByteBuffer(string: "not ready: the database cannot be reached")))
            }
        }
        return routes
    }
}
