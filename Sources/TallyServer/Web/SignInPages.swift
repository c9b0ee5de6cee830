import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The pages a visitor sees: the first run (make the administrator), log-in, sign-up, sign-out.
struct SignInPages {
    let accounts: AccountService
    let scopes: UserScopes
    let templates: Templates
    let cookies: SessionCookies

    struct Link {
        let href: String
        let label: String
    }

    struct View {
        let title: String
        let intro: String?
        var notice: String? = nil
        var error: String? = nil
        let action: String
        let button: String
        var name = ""
        var next = "/"
        var invite: String? = nil
        let passwordAutocomplete: String
        let minimumLength: Int
        let showRemember: Bool
        var alternative: Link? = nil
        /// A new account is offered the device's time zone (the page's script fills it in and shows it).
        var offersZone = false
        /// The log-in page asks for a sign-in code (the person asked for one, or guesses hold their name back).
        var asksCode = false
        var code = ""
        /// The log-in page offers to send a sign-in code to the person's notification channels.
        var offersCode = false
    }

    func setupPage(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        guard try await !accounts.hasAccounts() else { return HTML.redirect(to: "/login") }
        return HTML.response(templates.render(setupView(), .signin, for: context))
    }

    func setup(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let name = form["name"] ?? ""
        do {
            let user = try await accounts.setUp(name: name, password: form["password"] ?? "")
            try await adoptDeviceZone(form, for: user)
            return try await signIn(user, request, remember: true, next: "/")
        } catch let error as TallyError {
            var view = setupView()
            view.error = FormMessage.text(error)
            view.name = name
            return HTML.response(templates.render(view, .signin, for: context), status: HTTPProblem(error).status)
        }
    }

    func loginPage(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        guard try await accounts.hasAccounts() else { return HTML.redirect(to: "/setup") }
        if context.caller.auth != nil { return HTML.redirect(to: "/") }
        var view = try await loginView()
        view.next = HTML.localPath(request.uri.queryParameters.get("next"), default: "/")
        if request.uri.queryParameters.get("signedOut") != nil { view.notice = "You are signed out." }
        return HTML.response(templates.render(view, .signin, for: context))
    }

    func login(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let name = form["name"] ?? ""
        let next = HTML.localPath(form["next"], default: "/")
        let code = form["code"] ?? ""
        do {
            let user = try await accounts.logIn(
                name: name, password: form["password"] ?? "", address: context.clientAddress,
                devices: request.cookies[SessionCookies.knownDevice]?.value, code: code)
            return try await signIn(user, request, remember: form["remember"] == "on", next: next)
        } catch let error as TallyError {
            var view = try await loginView()
            view.error = FormMessage.text(error)
            view.name = name
            view.next = next
            view.code = code
            view.asksCode = !code.isEmpty
            if case .tooManyAttempts = error {
                view.error =
                    (view.error ?? "") + ". If this is your account, a sign-in code sent to your notification "
                    + "channels lets this device in now."
                view.offersCode = true
            }
            var response = HTML.response(
                templates.render(view, .signin, for: context), status: HTTPProblem(error).status)
            if let seconds = HTTPProblem(error).retryAfter { response.headers[.retryAfter] = String(seconds) }
            return response
        }
    }

    /// Sends a sign-in code to the channels of the name given, and asks for it.
    func sendCode(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let name = form["name"] ?? ""
        var view = try await loginView()
        view.name = name
        view.next = HTML.localPath(form["next"], default: "/")
        view.asksCode = true
        do {
            try await accounts.sendSignInCode(name: name)
            view.notice =
                "If \(name) has a notification channel, a sign-in code is on its way there. Type it below with "
                + "your password; it works for 10 minutes."
            return HTML.response(templates.render(view, .signin, for: context))
        } catch let error as TallyError {
            view.error = FormMessage.text(error)
            var response = HTML.response(
                templates.render(view, .signin, for: context), status: HTTPProblem(error).status)
            if let seconds = HTTPProblem(error).retryAfter { response.headers[.retryAfter] = String(seconds) }
            return response
        }
    }

    func signupPage(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let invite = request.uri.queryParameters.get("invite").map { String($0) }
        guard try await accounts.hasAccounts() else { return HTML.redirect(to: "/setup") }
        let open = try await accounts.isSignUpOpen()
        guard invite != nil || open else {
            throw TallyError.forbidden("sign-up is closed on this server; ask its administrator for an invite")
        }
        return HTML.response(templates.render(signupView(invite: invite), .signin, for: context))
    }

    func signup(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let name = form["name"] ?? ""
        do {
            let user = try await accounts.signUp(name: name, password: form["password"] ?? "", invite: form["invite"])
            try await adoptDeviceZone(form, for: user)
            return try await signIn(user, request, remember: form["remember"] == "on", next: "/")
        } catch let error as TallyError {
            var view = signupView(invite: form["invite"])
            view.error = FormMessage.text(error)
            view.name = name
            return HTML.response(templates.render(view, .signin, for: context), status: HTTPProblem(error).status)
        }
    }

    func logout(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        if case .session(_, let secret) = context.caller.auth?.credential {
            try await accounts.endSession(secret: secret)
        }
        var response = HTML.redirect(to: "/login?signedOut=1")
        response.setCookie(cookies.expiredSession())
        return response
    }

    /// The device's zone, when the new person kept "Count my days in ..." ticked, becomes their setting,
    /// unless one was chosen already (the first account may own a store the CLI set up). A zone this
    /// machine does not know is left out: the account is made, and Settings can choose one.
    private func adoptDeviceZone(_ form: FormBody, for user: UserAccount) async throws {
        guard form["useDeviceZone"] == "on", let zone = form.text(DeviceZone.field),
            let known = TimeZone.supported(zone)
        else { return }
        let settings = scopes.scope(for: user.id).settings
        guard try await settings.current().timeZoneID == nil else { return }
        try await settings.update([.timeZone: known.identifier])
    }

    /// Starts a session and sends the browser on with its cookie, and remembers the browser as a device
    /// the user signs in on.
    private func signIn(
        _ user: UserAccount, _ request: Request, remember: Bool, next: String
    ) async throws
        -> Response
    {
        let (secret, _) = try await accounts.startSession(for: user, remember: remember)
        var response = HTML.redirect(to: next)
        response.setCookie(cookies.session(secret, remember: remember))
        let devices = try await accounts.rememberDevice(
            for: user, in: request.cookies[SessionCookies.knownDevice]?.value)
        response.setCookie(cookies.knownDevice(devices))
        return response
    }

    private func setupView() -> View {
        View(
            title: "Welcome to Tally",
            intro: "Make the first account. It administers this server and owns what was recorded before.",
            action: "/setup", button: "Create account", passwordAutocomplete: "new-password",
            minimumLength: PasswordPolicy.minimumLength, showRemember: false, offersZone: true)
    }

    private func loginView() async throws -> View {
        let open = try await accounts.isSignUpOpen()
        return View(
            title: "Sign in", intro: nil, action: "/login", button: "Sign in",
            passwordAutocomplete: "current-password", minimumLength: 1, showRemember: true,
            alternative: open ? Link(href: "/signup", label: "New here? Make an account") : nil)
    }

    private func signupView(invite: String?) -> View {
        View(
            title: "Make an account", intro: "Your data is yours: no one else on this server can see it.",
            action: "/signup", button: "Make account", invite: invite, passwordAutocomplete: "new-password",
            minimumLength: PasswordPolicy.minimumLength, showRemember: true,
            alternative: Link(href: "/login", label: "Have an account? Sign in"), offersZone: true)
    }
}
