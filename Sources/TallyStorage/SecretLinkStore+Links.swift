import Foundation

/// Each link's reads and writes by name, as the services and pages call them.
extension SecretLinkStore {
    /// The secret of the user's calendar feed, if it is on.
    public func calendarSecret(owner: UUID) async throws -> String? {
        try await secret(of: .calendarFeed, owner: owner)
    }

    /// Sets (or, with nil, revokes) the secret of the user's calendar feed.
    public func setCalendarSecret(_ secret: String?, owner: UUID) async throws {
        try await setSecret(secret, of: .calendarFeed, owner: owner)
    }

    /// The user whose calendar feed has this secret.
    public func owner(ofCalendarSecret secret: String) async throws -> UUID? {
        try await owner(of: .calendarFeed, secret: secret)
    }

    /// The secret of the user's widget addresses, if they are on.
    public func widgetSecret(owner: UUID) async throws -> String? {
        try await secret(of: .widgets, owner: owner)
    }

    /// Sets (or, with nil, revokes) the secret of the user's widget addresses.
    public func setWidgetSecret(_ secret: String?, owner: UUID) async throws {
        try await setSecret(secret, of: .widgets, owner: owner)
    }

    /// The user whose widget addresses have this secret.
    public func owner(ofWidgetSecret secret: String) async throws -> UUID? {
        try await owner(of: .widgets, secret: secret)
    }
}
