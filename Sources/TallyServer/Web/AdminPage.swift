import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The administrator's page: who is on the server, adding people, invite links and open sign-up.
struct AdminPage {
    let accounts: AccountService
    let templates: PageTemplates
    /// The signed-in person, who must administer the server.
    let user: UserAccount

    struct UserRow {
        let name: String
        let isAdmin: Bool
        let isSelf: Bool
    }

    struct View {
        let title = "People"
        let users: [UserRow]
        let signUpState: String
        let signUpHelp: String
        let toggleValue: String
        let toggleLabel: String
        /// While sign-up is open: whether channels may send to private addresses ("allowed" or "refused").
        let privateChannels: String
        let privateChannelsValue: String
        let privateChannelsLabel: String
        var inviteLink: String? = nil
        var notice: String? = nil
        var error: String? = nil
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let notice = request.uri.queryParameters.get("notice").flatMap { Self.notices[String($0)] }
        var view = try await view()
        view.notice = notice
        return HTML.response(templates.render(view, .admin))
    }

    func addUser(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            _ = try await accounts.addUser(
                by: try admin(), name: form["name"] ?? "", password: form["password"] ?? "",
                isAdmin: form["admin"] == "on")
            return HTML.redirect(to: "/admin?notice=added")
        }
    }

    func removeUser(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            let name = form["name"] ?? ""
            guard name != (try admin()).name else {
                throw TallyError.forbidden("delete your own account from the Account page")
            }
            try await accounts.removeUser(named: name)
            return HTML.redirect(to: "/admin?notice=removed")
        }
    }

    func invite(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await answer {
            let code = try await accounts.createInvite(by: try admin())
            var view = try await view()
            let host = request.head.authority.map { "http://\($0)" } ?? ""
            view.inviteLink = "\(host)/signup?invite=\(code)"
            return HTML.response(templates.render(view, .admin), status: .created)
        }
    }

    func setSignUp(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            try await accounts.setSignUpOpen(form["open"] == "on", by: try admin())
            return HTML.redirect(to: "/admin")
        }
    }

    func setPrivateChannels(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        return try await answer {
            try await accounts.setPrivateChannelsAllowed(form["allow"] == "on", by: try admin())
            return HTML.redirect(to: "/admin")
        }
    }

    /// The signed-in user when they administer the server, else 403 (the page is no one else's).
    private func admin() throws -> UserAccount {
        guard user.isAdmin else { throw TallyError.forbidden("only an administrator can manage people") }
        return user
    }

    private func answer(_ action: () async throws -> Response) async throws -> Response {
        do {
            return try await action()
        } catch let error as TallyError {
            guard case .invalid = error else { throw error }
            var view = try await view()
            view.error = FormMessage.text(error)
            return HTML.response(templates.render(view, .admin), status: .badRequest)
        }
    }

    private func view() async throws -> View {
        let me = try admin()
        let open = try await accounts.isSignUpOpen()
        let privateChannels = try await accounts.privateChannelsAllowedWhileOpen()
        return View(
            users: try await accounts.users().map {
                UserRow(name: $0.name, isAdmin: $0.isAdmin, isSelf: $0.id == me.id)
            },
            signUpState: open ? "on" : "off",
            signUpHelp: open ? "anyone who can reach this server can make an account" : "only people you add or invite",
            toggleValue: open ? "off" : "on", toggleLabel: open ? "Close sign-up" : "Open sign-up",
            privateChannels: privateChannels ? "allowed" : "refused",
            privateChannelsValue: privateChannels ? "off" : "on",
            privateChannelsLabel: privateChannels ? "Refuse private addresses" : "Allow private addresses")
    }

    private static let notices = ["added": "Added.", "removed": "Removed, with all their data."]
}
