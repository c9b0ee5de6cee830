import Foundation
import TallyCore

/// What accounts need from a database: users, browser sessions, device tokens, invites, failed log-ins
/// and the server's own switches. Part of every ``TallyStore``.
public protocol AccountStore: Sendable {
    /// Stores a new user; a taken name is ``TallyError/conflict(_:)``.
    func createUser(_ user: UserAccount) async throws
    func users() async throws -> [UserAccount]
    func user(id: UUID) async throws -> UserAccount?
    func user(named name: String) async throws -> UserAccount?
    func setPasswordHash(_ hash: String, userID: UUID) async throws

    /// Removes the user and everything they own: records of every kind, sessions, tokens, invites,
    /// image ownership, in one transaction.
    func deleteUser(id: UUID) async throws

    func createSession(_ session: LoginSession) async throws
    /// The session with this digest and the user it signs in, in one read; nil when either is gone.
    func session(digest: String) async throws -> (session: LoginSession, user: UserAccount)?
    func deleteSession(digest: String) async throws
    /// Signs the user out everywhere except, when given, the session `keeping`.
    func deleteSessions(userID: UUID, keeping digest: String?) async throws

    /// Stores a new token; a name the user already gave a token is ``TallyError/conflict(_:)``.
    func createToken(_ token: AccessToken) async throws
    func tokens(userID: UUID) async throws -> [AccessToken]
    /// The token with this digest and the user who holds it, in one read (every API request asks).
    func token(digest: String) async throws -> (token: AccessToken, user: UserAccount)?
    /// Marks the token used; cheap enough to call on every request.
    func touchToken(id: UUID, at instant: Date) async throws
    /// Deletes the user's token called `name`; false when there was none.
    func revokeToken(userID: UUID, name: String) async throws -> Bool

    /// A number that moves with every change to a user, a session, a token (not its last use) or a user's
    /// settings, made by any process, in the changing transaction: a server keeps those in memory for as
    /// long as it stands still.
    func cacheVersion() async throws -> Int64

    func createInvite(_ invite: Invite) async throws
    /// Takes the invite out of use; false when it is unknown, used or expired at `now`.
    func consumeInvite(digest: String, now: Date) async throws -> Bool

    /// The attempts counted under `key` since `since`, oldest first.
    func loginFailures(key: String, since: Date) async throws -> [Date]
    func clearLoginFailures(key: String) async throws

    /// Counts a log-in attempt before its password is checked, in one atomic step: when every key has fewer
    /// than its limit of attempts since `since`, records one for each at `instant` and returns nil (the
    /// attempt may go on; it stays recorded as a failure unless ``forgetLoginAttempt(keys:at:)`` takes it
    /// back); otherwise records nothing and returns the first key that is full with its attempts in the
    /// window. Concurrent attempts cannot all slip under a limit. Also forgets attempts older than `since`.
    func admitLoginAttempt(
        keys: [LoginThrottle.Key], at instant: Date, since: Date
    ) async throws -> (key: LoginThrottle.Key, attempts: [Date])?

    /// Takes back the attempt recorded for each key at `instant` (it succeeded).
    func forgetLoginAttempt(keys: [String], at instant: Date) async throws

    /// The server's secret called `name` (a signing key); the first call stores `make()`'s value, and
    /// every process after it reads that one.
    func serverSecret(named name: String, make: @Sendable () -> String) async throws -> String

    /// A server-wide switch such as open sign-up, stored as text.
    func serverSetting(_ key: String) async throws -> String?
    func setServerSetting(_ key: String, value: String?) async throws

    /// Every invite not yet used (expired ones included), oldest first: what a copy of the store carries.
    func invites() async throws -> [Invite]

    /// Every server secret by name: what a copy of the store carries, so links and subscriptions signed
    /// with them keep working.
    func serverSecrets() async throws -> [String: String]

    /// Stores `value` as the server's secret called `name`, replacing any there (a copy of a store brings
    /// the keys of the store it copies).
    func setServerSecret(_ value: String, named name: String) async throws

    /// Every server-wide switch by key.
    func serverSettings() async throws -> [String: String]
}
