import Foundation

/// The secret addresses of each user's widgets: the ring, the medium widget and the status JSON that
/// home-screen widget apps and dashboards load without signing in. One secret per user; replacing it
/// or turning it off makes every address made with the old one answer 404.
public protocol WidgetStore: Sendable {
    /// The secret of the user's widget addresses, if they are on.
    func widgetSecret(owner: UUID) async throws -> String?

    /// Sets (or, with nil, revokes) the secret of the user's widget addresses.
    func setWidgetSecret(_ secret: String?, owner: UUID) async throws

    /// The user whose widget addresses have this secret.
    func owner(ofWidgetSecret secret: String) async throws -> UUID?
}
