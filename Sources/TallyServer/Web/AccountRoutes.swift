import Hummingbird
import TallyServices

/// Signing in and out, the first run, the account page and the administrator's page.
struct AccountRoutes {
    let accounts: AccountService
    let scopes: UserScopes
    let templates: Templates
    let cookies: SessionCookies

    func register(on router: Router<TallyRequestContext>) {
        let signIn = SignInPages(accounts: accounts, scopes: scopes, templates: templates, cookies: cookies)
        let account = AccountPage(accounts: accounts, templates: templates, cookies: cookies)
        let admin = AdminPage(accounts: accounts, templates: templates)
        router.get("/setup", use: signIn.setupPage)
        router.post("/setup", use: signIn.setup)
        router.get("/login", use: signIn.loginPage)
        router.post("/login", use: signIn.login)
        router.post("/login/code", use: signIn.sendCode)
        router.get("/signup", use: signIn.signupPage)
        router.post("/signup", use: signIn.signup)
        router.post("/logout", use: signIn.logout)
        router.get("/account", use: account.page)
        router.post("/account/tokens", use: account.createToken)
        router.post("/account/tokens/revoke", use: account.revokeToken)
        router.post("/account/password", use: account.changePassword)
        router.post("/account/delete", use: account.delete)
        router.get("/admin", use: admin.page)
        router.post("/admin/users", use: admin.addUser)
        router.post("/admin/users/remove", use: admin.removeUser)
        router.post("/admin/invites", use: admin.invite)
        router.post("/admin/signup", use: admin.setSignUp)
        router.post("/admin/private-channels", use: admin.setPrivateChannels)
    }
}
