import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The cookies Tally sets: always HttpOnly and SameSite=Lax, Secure when the server is reached over
/// HTTPS (its public URL starts with `https:`).
struct SessionCookies: Sendable {
    static let session = "tally_session"
    static let formToken = "tally_csrf"
    static let knownDevice = "tally_device"

    let secure: Bool

    /// The session cookie: a browser-session cookie, or with "remember me" one that lasts as long as
    /// the session does.
    func session(_ secret: String, remember: Bool) -> Cookie {
        cookie(Self.session, secret, maxAge: remember ? Int(LoginSession.rememberedLifetime) : nil)
    }

    func formToken(_ token: String) -> Cookie { cookie(Self.formToken, token, maxAge: nil) }

    /// The browser's known-device tokens (``KnownDevice``), kept for a year after the last sign-in and
    /// left in place by signing out: the throttle keeps letting this browser try its own names.
    func knownDevice(_ value: String) -> Cookie {
        cookie(Self.knownDevice, value, maxAge: Int(KnownDevice.lifetime))
    }

    /// Tells the browser to forget the session cookie.
    func expiredSession() -> Cookie { cookie(Self.session, "", maxAge: 0) }

    private func cookie(_ name: String, _ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}
