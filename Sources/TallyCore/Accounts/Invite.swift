import Foundation

/// A one-time sign-up link an administrator hands out while open sign-up is off.
public struct Invite: Hashable, Codable, Sendable {
    /// Lowercase hex SHA-256 of the invite code in the link.
    public var digest: String
    public var createdBy: UUID
    public var createdAt: Date
    public var expiresAt: Date

    public init(digest: String, createdBy: UUID, createdAt: Date, expiresAt: Date) {
        self.digest = digest
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    public static let lifetime: TimeInterval = 7 * 24 * 3600
}
