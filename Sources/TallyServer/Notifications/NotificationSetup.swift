import Foundation
import TallyNotify

/// What the server's notification pages and API need beyond a user's scope: the notifier (to check and
/// test channels), this server's VAPID public key (for browsers to subscribe with), the key that signs
/// notifications' buttons, and the address links start with.
struct NotificationSetup: Sendable {
    let notifier: Notifier
    let pushPublicKey: String
    let actionKey: Data
    /// Where links in notifications point: the public address, else the one the server listens on.
    let baseURL: URL?
    /// The address people type, when one is configured.
    let publicURL: URL?
}
