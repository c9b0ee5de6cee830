import Foundation

/// The secrets of each user's ``SecretLink``s: the calendar feed and the widget addresses, one store for
/// both (each database keeps them in a table per link, as before).
public protocol SecretLinkStore: Sendable {
    /// The secret of the user's `link`, if it is on.
    func secret(of link: SecretLink, owner: UUID) async throws -> String?

    /// Sets (or, with nil, revokes) the secret of the user's `link`.
    func setSecret(_ secret: String?, of link: SecretLink, owner: UUID) async throws

    /// The user whose `link` has this secret.
    func owner(of link: SecretLink, secret: String) async throws -> UUID?
}
