import Foundation
import TallyCore

/// Browser sessions: a signed-in browser is known by its session's digest.
public protocol SessionStore: Sendable {
    func createSession(_ session: LoginSession) async throws
    /// The session with this digest and the user it signs in, in one read; nil when either is gone.
    func session(digest: String) async throws -> (session: LoginSession, user: UserAccount)?
    func deleteSession(digest: String) async throws
    /// Signs the user out everywhere except, when given, the session `keeping`.
    func deleteSessions(userID: UUID, keeping digest: String?) async throws
}
