import Foundation

/// A named credential for a device or a script, sent as `Authorization: Bearer <token>`.
/// Only the SHA-256 digest of the token is stored; the token is shown once, when it is made.
public struct AccessToken: Hashable, Codable, Sendable {
    public var id: UUID
    public var userID: UUID
    public var name: String
    /// Lowercase hex SHA-256 of the token text.
    public var digest: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: UUID, userID: UUID, name: String, digest: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.id = id
        self.userID = userID
        self.name = name
        self.digest = digest
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// Every token text starts with this, so a leaked one is easy to recognise and search for.
    public static let prefix = "tly_"

    /// Token names: 1 to 64 characters with no control characters, trimmed.
    public static func parseName(_ text: String) throws(TallyError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw TallyError.invalid(field: "name", reason: "give the token a name") }
        guard name.count <= 64 else { throw TallyError.invalid(field: "name", reason: "use at most 64 characters") }
        guard name.unicodeScalars.allSatisfy({ !$0.properties.isDefaultIgnorableCodePoint && $0.value >= 0x20 })
        else { throw TallyError.invalid(field: "name", reason: "use no control characters") }
        return name
    }
}
