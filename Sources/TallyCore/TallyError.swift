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
}

extension TallyError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .invalid(let field, let reason): "\(field): \(reason)"
        case .notFound(let kind, let id): "no \(kind) with id \(id)"
        case .unreadable(let reason): reason
        }
    }

    public var errorDescription: String? { description }
}
