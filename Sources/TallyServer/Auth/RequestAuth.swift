import TallyCore
import TallyServices

/// A signed-in person as ``IdentifyMiddleware`` found them: the account, the credential it came with,
/// and their scope for this request.
struct RequestAuth: Sendable {
    enum Credential: Sendable {
        /// A browser session; `secret` is the cookie's value (sign-out ends it).
        case session(LoginSession, secret: String)
        /// A device or script token from an `Authorization: Bearer` header.
        case token(AccessToken)
    }

    let user: UserAccount
    let credential: Credential
    /// The person's data, read with this request's own reading of "now".
    let scope: UserScope

    var session: LoginSession? {
        if case .session(let session, _) = credential { return session }
        return nil
    }

    var usesToken: Bool {
        if case .token = credential { return true }
        return false
    }
}
