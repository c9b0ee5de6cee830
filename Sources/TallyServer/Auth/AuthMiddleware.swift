import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Finds who sends each request (a Bearer token, else the session cookie) and keeps visitors out of
/// everything but ``PublicRoutes``: the API answers 401, pages send them to sign in (or to the first-run
/// page while the server has no account). It also gives every visitor an anti-forgery token, and each
/// signed-in request a ``RequestNow``.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext
    let accounts: AccountService
    let cookies: SessionCookies

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        let auth: RequestAuth?
        do {
            auth = try await authenticate(request)
        } catch TallyError.unauthorized(_) where PublicRoutes.contains(path) {
            // A stale token sent to a public route (the health check, the log-in page, trading a password
            // for a new token) is ignored: these routes need no credential, so a wrong one cannot block them.
            auth = nil
        }
        if auth == nil, !PublicRoutes.contains(path) {
            if PublicRoutes.isAPI(path) {
                throw TallyError.unauthorized("sign in, or send Authorization: Bearer <token>")
            }
            guard try await accounts.hasAccounts() else { return HTML.redirect(to: "/setup") }
            return HTML.redirect(to: Self.signInPath(returningTo: request))
        }
        // A device sending a token posts no forms, so it gets no anti-forgery cookie.
        let visitorToken = request.cookies[SessionCookies.formToken]?.value
        let needsToken = auth == nil && visitorToken.map(Self.isWellFormed) != true
        let newToken = needsToken ? SecretToken.make() : nil
        let formToken = auth?.session?.csrfToken ?? newToken ?? visitorToken
        var response = try await RequestAuth.$current.withValue(auth) {
            try await RequestAuth.$formToken.withValue(formToken) {
                try await RequestAuth.$clientAddress.withValue(context.clientAddress) {
                    // The person's settings and the clock, read once however many services ask.
                    try await RequestNow.$current.withValue(auth == nil ? nil : RequestNow(cache: accounts.cache)) {
                        try await next(request, context)
                    }
                }
            }
        }
        if let newToken { response.setCookie(cookies.formToken(newToken)) }
        return response
    }

    private func authenticate(_ request: Request) async throws -> RequestAuth? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                let (token, user) = try await accounts.authenticate(bearer: String(parts[1]))
            else { throw TallyError.unauthorized("the token is unknown or has been revoked") }
            return RequestAuth(user: user, credential: .token(token))
        }
        guard let secret = request.cookies[SessionCookies.session]?.value, Self.isWellFormed(secret),
            let (session, user) = try await accounts.session(secret: secret)
        else { return nil }
        return RequestAuth(user: user, credential: .session(session, secret: secret))
    }

    /// The log-in page, coming back to the page asked for (a post cannot be repeated, so it does not).
    static func signInPath(returningTo request: Request) -> String {
        guard request.method == .get else { return "/login" }
        let back = request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "/login?next=" + back
    }

    /// Secrets Tally makes are 43 base64url characters; anything else is not worth a database read.
    static func isWellFormed(_ secret: String) -> Bool {
        secret.count == 43
            && secret.utf8.allSatisfy {
                $0 == 45 || $0 == 95 || (48...57).contains($0)
                    || (65...90).contains($0) || (97...122).contains($0)
            }
    }
}
