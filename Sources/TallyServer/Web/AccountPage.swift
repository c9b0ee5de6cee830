import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The signed-in user's own page: tokens, password, sign-out and deleting the account.
struct AccountPage {
    let accounts: AccountService
    let templates: PageTemplates
    let cookies: SessionCookies
    /// The signed-in person and their browser session (none for a token).
    let user: UserAccount
    let session: LoginSession?

    struct TokenRow {
        let name: String
        let created: String
        let lastUsed: String
    }

    struct NewToken {
        let name: String
        let text: String
    }

    struct View {
        let title = "Account"
        let name: String
        let isAdmin: Bool
        let tokens: [TokenRow]
        var newToken: NewToken? = nil
        var notice: String? = nil
        var error: String? = nil
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let notice = request.uri.queryParameters.get("notice").flatMap { Self.notices[String($0)] }
        return HTML.response(templates.render(try await view(notice: notice), .account))
    }

    func createToken(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            let (text, token) = try await accounts.createToken(for: user, name: form["name"] ?? "")
            var view = try await view()
            view.newToken = NewToken(name: token.name, text: text)
            return HTML.response(templates.render(view, .account), status: .created)
        }
    }

    func revokeToken(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            try await accounts.revokeToken(of: user, name: form["name"] ?? "")
            return HTML.redirect(to: "/account?notice=revoked")
        }
    }

    func changePassword(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            try await accounts.changePassword(user: user, current: form["current"] ?? "", new: form["new"] ?? "")
            try await accounts.endOtherSessions(of: user, keeping: session)
            return HTML.redirect(to: "/account?notice=password")
        }
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            guard form["confirm"] == "on" else {
                throw TallyError.invalid(field: "confirm", reason: "tick the box to confirm that all your data goes")
            }
            try await accounts.deleteAccount(user: user, password: form["password"] ?? "")
            var response = HTML.redirect(to: "/login?signedOut=1")
            response.setCookie(cookies.expiredSession())
            return response
        }
    }

    /// Runs a form's action; a refusal shows the page again with the message.
    private func answer(_ action: () async throws -> Response) async throws -> Response {
        do {
            return try await action()
        } catch let error as TallyError {
            var view = try await view()
            view.error = FormMessage.text(error)
            return HTML.response(templates.render(view, .account), status: HTTPProblem(error).status)
        }
    }

    private func view(notice: String? = nil) async throws -> View {
        let rows = try await accounts.tokens(of: user).map { token in
            TokenRow(
                name: token.name, created: InstantFormat.string(token.createdAt),
                lastUsed: token.lastUsedAt.map { "last used " + InstantFormat.string($0) } ?? "never used")
        }
        return View(name: user.name, isAdmin: user.isAdmin, tokens: rows, notice: notice)
    }

    private static let notices = [
        "revoked": "Token revoked: it no longer works.",
        "password": "Password changed. Other browsers are signed out.",
    ]
}
