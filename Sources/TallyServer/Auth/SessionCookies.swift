import Foundation
import Hummingbird
import TallyCore

/// The cookies Tally sets: always HttpOnly and SameSite=Lax, Secure when the server is reached over
/// HTTPS (its public URL starts with `https:`).
struct SessionCookies: Sendable {
    static let session = "tally_session"
    static let formToken = "tally_csrf"

    let secure: Bool

    /// The session cookie: a browser-session cookie, or with "remember me" one that lasts as long as
    /// the session does.
    func session(_ secret: String, remember: Bool) -> Cookie {
        cookie(Self.session, secret, maxAge: remember ? Int(LoginSession.rememberedLifetime) : nil)
    }

    func formToken(_ token: String) -> Cookie { cookie(Self.formToken, token, maxAge: nil) }

    /// Tells the browser to forget the session cookie.
    func expiredSession() -> Cookie { cookie(Self.session, "", maxAge: 0) }

    private func cookie(_ name: String, _ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
