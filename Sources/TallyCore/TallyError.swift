import Foundation

/// Everything a user or client can get wrong, named so each edge can say what it was.
/// The HTTP edge maps these to problem+json, the CLI to a one-line message and a non-zero exit.
public enum TallyError: Error, Equatable, Sendable {
    /// A field holds a value the domain does not accept.
    case invalid(field: String, reason: String)
    /// No visible record of this kind has this id (or it belongs to someone else).
    case notFound(kind: String, id: String)
    /// A backup or request is not in a format Tally reads.
    case unreadable(String)
    /// The request names no signed-in user, or the credentials are wrong.
    case unauthorized(String)
    /// The user is signed in but may not do this (not an admin, sign-up closed).
    case forbidden(String)
    /// The value is already taken (a user name, a token name).
    case conflict(String)
    /// Too many failed log-ins: the next attempt is accepted after this many seconds.
    case tooManyAttempts(retryAfterSeconds: Int)
    /// The database cannot be reached or is not serving right now (a database server restarting,
    /// down, or refusing the connection): nothing was wrong with the request, and it may work later.
    case unavailable(String)
}

extension TallyError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .invalid(let field, let reason): "\(field): \(reason)"
        case .notFound(let kind, let id): "no \(kind) with id \(id)"
        case .unreadable(let reason), .unauthorized(let reason), .forbidden(let reason), .conflict(let reason),
            .unavailable(let reason):
            reason
        case .tooManyAttempts(let seconds):
            "too many failed log-ins: try again in \(Self.wait(seconds))"
        }
    }

    public var errorDescription: String? { description }

    /// "40 seconds", "1 minute", "14 minutes": a wait as people say it, rounded up.
    static func wait(_ seconds: Int) -> String {
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(max(seconds, 1)) seconds" }
        let minutes = (seconds + 59) / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
