import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Keeps visitors out of the group it guards: the API answers 401, pages send them to sign in (or to
/// the first-run page while the server has no account). What passes becomes a ``SignedInContext``.
struct SignInRequired: RouterMiddleware {
    typealias Context = TallyRequestContext

    enum Answer {
        /// 401, with the reason (a `WWW-Authenticate: Bearer` challenge is added by the API's errors).
        case unauthorized
        /// A redirect to the log-in page, coming back to the page asked for.
        case signInPage
    }

    let answer: Answer
    let accounts: AccountService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        switch (context.caller, answer) {
        case (.signedIn, _): return try await next(request, context)
        case (.refused(let reason), _): throw TallyError.unauthorized(reason)
        case (.visitor, .unauthorized):
            throw TallyError.unauthorized("sign in, or send Authorization: Bearer <token>")
        case (.visitor, .signInPage):
            guard try await accounts.hasAccounts() else { return HTML.redirect(to: "/setup") }
            return HTML.redirect(to: Self.signInPath(returningTo: request))
        }
    }

    /// The log-in page, coming back to the page asked for (a post cannot be repeated, so it does not).
    static func signInPath(returningTo request: Request) -> String {
        guard request.method == .get else { return "/login" }
        let back = request.uri.description.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "/login?next=" + back
    }
}
