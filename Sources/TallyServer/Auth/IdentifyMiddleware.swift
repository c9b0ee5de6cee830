import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Finds who sends each request (a Bearer token, else the session cookie) and puts it in the context as
/// a ``Caller``; it refuses nobody: the groups that need a person say so (``SignInRequired``). It also
/// gives every visitor an anti-forgery token (a cookie), which a signed-in person's session carries
/// instead.
struct IdentifyMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext
    let accounts: AccountService
    let scopes: UserScopes
    let cookies: SessionCookies

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        do {
            context.caller = try await identify(request).map(Caller.signedIn) ?? .visitor
        } catch TallyError.unauthorized(let reason) {
            context.caller = .refused(reason)
        }
        // A device sending a token posts no forms, so it gets no anti-forgery cookie.
        let visitorToken = request.cookies[SessionCookies.formToken]?.value
        let needsToken = context.caller.auth == nil && visitorToken.map(Self.isWellFormed) != true
        let newToken = needsToken ? SecretToken.make() : nil
        context.formToken = context.caller.auth?.session?.csrfToken ?? newToken ?? visitorToken
        var response = try await next(request, context)
        if let newToken { response.setCookie(cookies.formToken(newToken)) }
        return response
    }

    private func identify(_ request: Request) async throws -> RequestAuth? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                let (token, user) = try await accounts.authenticate(bearer: String(parts[1]))
            else { throw TallyError.unauthorized("the token is unknown or has been revoked") }
            return signedIn(user, .token(token))
        }
        guard let secret = request.cookies[SessionCookies.session]?.value, Self.isWellFormed(secret),
            let (session, user) = try await accounts.session(secret: secret)
        else { return nil }
        return signedIn(user, .session(session, secret: secret))
    }

    private func signedIn(_ user: UserAccount, _ credential: RequestAuth.Credential) -> RequestAuth {
        // The person's settings and the clock, read once however many services the request asks.
        RequestAuth(
            user: user, credential: credential,
            scope: scopes.scope(for: user.id, reading: RequestNow(cache: accounts.cache)))
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
