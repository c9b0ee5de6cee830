import Foundation

/// The server's own secrets: the keys that sign widget and notification buttons, sign-in codes and known
/// devices, and the Web Push (VAPID) keys.
public protocol ServerSecretStore: Sendable {
    /// The server's secret called `name` (a signing key); the first call stores `make()`'s value, and
    /// every process after it reads that one.
    func serverSecret(named name: String, make: @Sendable () -> String) async throws -> String

    /// Every server secret by name: what a copy of the store carries, so links and subscriptions signed
    /// with them keep working.
    func serverSecrets() async throws -> [String: String]

    /// Stores `value` as the server's secret called `name`, replacing any there (a copy of a store brings
    /// the keys of the store it copies).
    func setServerSecret(_ value: String, named name: String) async throws
}
