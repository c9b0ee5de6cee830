import Foundation

/// A read-only link to a person's bladder diary report for a clinician or caregiver: a fixed period of
/// diary days, open until it expires or is revoked. Only the SHA-256 digest of the link's secret is
/// stored; the link is shown once, when it is made.
public struct DiaryShareLink: Hashable, Codable, Sendable {
    public var id: UUID
    public var owner: UUID
    /// Lowercase hex SHA-256 of the secret in the link's address.
    public var digest: String
    /// The first and last diary day the link shows.
    public var from: LocalDay
    public var to: LocalDay
    public var createdAt: Date
    public var expiresAt: Date
    public var lastOpenedAt: Date?

    public init(
        id: UUID, owner: UUID, digest: String, from: LocalDay, to: LocalDay, createdAt: Date, expiresAt: Date,
        lastOpenedAt: Date? = nil
    ) {
        self.id = id
        self.owner = owner
        self.digest = digest
        self.from = from
        self.to = to
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastOpenedAt = lastOpenedAt
    }

    /// Whether the link still opens at `instant`.
    public func isOpen(at instant: Date) -> Bool { instant < expiresAt }

    /// How long a link lasts when the person does not say.
    public static let defaultDays = 14
    /// The longest a link may last.
    public static let maximumDays = 365

    /// A link's lifetime in days, 1 to ``maximumDays``.
    public static func parseDays(_ days: Int) throws(TallyError) -> Int {
        guard (1...maximumDays).contains(days) else {
            throw TallyError.invalid(field: "days", reason: "a link lasts 1 to \(maximumDays) days")
        }
        return days
    }
}
