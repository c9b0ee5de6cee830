import Foundation
import TallyCore

/// The people a server serves: their accounts and passwords, and the number that tells a server when
/// what it keeps of them in memory is stale.
public protocol UserStore: Sendable {
    /// Stores a new user; a taken name is ``TallyError/conflict(_:)``.
    func createUser(_ user: UserAccount) async throws
    func users() async throws -> [UserAccount]
    func user(id: UUID) async throws -> UserAccount?
    func user(named name: String) async throws -> UserAccount?
    func setPasswordHash(_ hash: String, userID: UUID) async throws

    /// Removes the user and everything they own: records of every kind, sessions, tokens, invites,
    /// image ownership, in one transaction.
    func deleteUser(id: UUID) async throws

    /// A number that moves with every change to a user, a session, a token (not its last use) or a user's
    /// settings, made by any process, in the changing transaction: a server keeps those in memory for as
    /// long as it stands still.
    func cacheVersion() async throws -> Int64
}
