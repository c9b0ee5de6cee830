import Foundation

/// A signed-in browser. The cookie holds a random id; the server keeps only its SHA-256 digest, so
/// sessions survive a restart and a copy of the database does not sign anyone in.
public struct LoginSession: Hashable, Codable, Sendable {
    /// Lowercase hex SHA-256 of the cookie's session id.
    public var digest: String
    public var userID: UUID
    /// The anti-forgery token every form posted in this session must carry.
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date
    /// "Remember me": the cookie outlives the browser and the session lasts ``rememberedLifetime``.
    public var remember: Bool

    public init(digest: String, userID: UUID, csrfToken: String, createdAt: Date, expiresAt: Date, remember: Bool) {
        self.digest = digest
        self.userID = userID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.remember = remember
    }

    public static let rememberedLifetime: TimeInterval = 30 * 24 * 3600
    public static let browserLifetime: TimeInterval = 12 * 3600

    public static func lifetime(remember: Bool) -> TimeInterval {
        remember ? rememberedLifetime : browserLifetime
    }

    public func isExpired(at now: Date) -> Bool { now >= expiresAt }
}
