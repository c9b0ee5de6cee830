import TallyCore

/// Who is making the request being handled, as ``AuthMiddleware`` established it. A task-local value,
/// because the generated API handlers see the request but not its context.
struct RequestAuth: Sendable {
    enum Credential: Sendable {
        /// A browser session; `secret` is the cookie's value (sign-out ends it).
        case session(LoginSession, secret: String)
        /// A device or script token from an `Authorization: Bearer` header.
        case token(AccessToken)
    }

    let user: UserAccount
    let credential: Credential

    var session: LoginSession? {
        if case .session(let session, _) = credential { return session }
        return nil
    }

    @TaskLocal static var current: RequestAuth?

    /// The anti-forgery token the page being rendered puts in its forms: the session's, or for a
    /// visitor the one in their `tally_csrf` cookie.
    @TaskLocal static var formToken: String?

    /// The peer's address, for the log-in throttle of API calls that cannot see the request context.
    @TaskLocal static var clientAddress: String?

    /// The signed-in user, or ``TallyError/unauthorized(_:)``.
    static func user() throws(TallyError) -> UserAccount {
        guard let current else { throw TallyError.unauthorized("sign in first") }
        return current.user
    }
}
