import TallyCore

/// Who sent a request, as ``IdentifyMiddleware`` found from its credentials. Only the groups that need a
/// person (``SignInRequired``) turn this into a ``SignedInContext``; open routes ignore it.
enum Caller: Sendable {
    /// No credential: a visitor.
    case visitor
    /// A session cookie or a bearer token that names a person.
    case signedIn(RequestAuth)
    /// A bearer token that names nobody (unknown or revoked): a signed-in route refuses it with this
    /// reason, while an open route (the health check, trading a password for a new token) ignores it.
    case refused(String)

    var auth: RequestAuth? {
        if case .signedIn(let auth) = self { return auth }
        return nil
    }
}
