import Hummingbird
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime

/// The server's two routers and what guards each group of routes:
/// - the **web app** (HTML pages, errors as pages): open routes, the sign-in forms, widgets, secret
///   links, and the signed-in pages behind sign-in, the body limit and the anti-forgery check;
/// - the **JSON API** under `/api/` (errors as problem+json): the generated operations on their groups
///   (``APIRegistrar``), a 405 for each method a path does not answer, 404 for any other path; and the
///   MCP endpoint at `/mcp` (``MCPRoute``), which MCP clients are told to find there.
/// ``responder`` sends each request to the API's router when its path is under `/api/` or is `/mcp`,
/// else to the web app's: the one place a path decides anything outside a router.
struct TallyRouters {
    let web: Router<TallyRequestContext>
    let api: Router<TallyRequestContext>
    /// The API's 405 routes, which answer no caller (the route table leaves them out).
    let refusals: Set<String>

    static let apiPrefix = "/api/"

    /// Whether the API's router answers `path`.
    static func isAPI(_ path: String) -> Bool {
        path.hasPrefix(apiPrefix) || path == MCPRoute.path
    }

    /// Every route, as `GET /water` (the API's 405s apart).
    var routes: [String] {
        (web.routes + api.routes).map { "\($0.method) \($0.path)" }.filter { !refusals.contains($0) }
    }

    func responder() -> some HTTPResponder<TallyRequestContext> {
        Mount(web: web.buildResponder(), api: api.buildResponder())
    }

    private struct Mount<Web: HTTPResponder<TallyRequestContext>, API: HTTPResponder<TallyRequestContext>>:
        HTTPResponder
    {
        let web: Web
        let api: API

        func respond(to request: Request, context: TallyRequestContext) async throws -> Response {
            TallyRouters.isAPI(request.uri.path)
                ? try await api.respond(to: request, context: context)
                : try await web.respond(to: request, context: context)
        }
    }

    /// The middleware every request of either router passes, outermost first.
    struct Common {
        let site: Site
        let metrics: Bool
        let bodyDeadline: Duration
        let arriving = BodyLimitMiddleware.Arriving()

        func add(to router: Router<TallyRequestContext>, errors: ErrorMiddleware.Format) {
            if metrics { router.add(middleware: MetricsRoute.middleware()) }
            router.add(middleware: SecurityHeadersMiddleware())
            router.add(middleware: ErrorMiddleware(format: errors))
            router.add(middleware: MethodMiddleware())
            router.add(
                middleware: IdentifyMiddleware(accounts: site.accounts, scopes: site.scopes, cookies: site.cookies))
        }

        func bodyLimit(_ limit: Int) -> BodyLimitMiddleware {
            BodyLimitMiddleware(limit: limit, deadline: bodyDeadline, arriving: arriving)
        }

        /// A group of `router` for a signed-in person, its bodies gathered up to `limit`.
        func signedIn(
            _ router: Router<TallyRequestContext>, answer: SignInRequired.Answer, limit: Int,
            csrf: CSRFMiddleware.Bodies = .gathered
        ) -> RouterGroup<SignedInContext> {
            router.group()
                .add(middleware: SignInRequired(answer: answer, accounts: site.accounts))
                .add(middleware: bodyLimit(limit))
                .add(middleware: CSRFMiddleware(bodies: csrf))
                .group(context: SignedInContext.self)
        }
    }
}
