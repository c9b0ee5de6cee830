import Foundation

/// Server-wide switches such as open sign-up, stored as text.
public protocol ServerSwitchStore: Sendable {
    /// The switch called `key`, if it is set.
    func serverSetting(_ key: String) async throws -> String?
    func setServerSetting(_ key: String, value: String?) async throws

    /// Every server-wide switch by key.
    func serverSettings() async throws -> [String: String]
}
