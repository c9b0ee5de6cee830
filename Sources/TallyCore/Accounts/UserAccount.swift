import Foundation

/// A person who signs in to a Tally server. Everything they record is owned by their `id`.
///
/// The first account made on a server takes ``LocalUser/id``, so the data recorded before accounts
/// existed (and the CLI's local mode) belongs to that first administrator.
public struct UserAccount: Hashable, Codable, Sendable {
    public var id: UUID
    /// The log-in name, as ``UserName/parse(_:)`` normalised it.
    public var name: String
    public var isAdmin: Bool
    /// A bcrypt hash (`$2b$12$...`); the password itself is never stored.
    public var passwordHash: String
    public var createdAt: Date

    public init(id: UUID, name: String, isAdmin: Bool, passwordHash: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
