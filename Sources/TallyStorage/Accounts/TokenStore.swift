import Foundation
import TallyCore

/// The API tokens devices and scripts sign in with, known by their digests.
public protocol TokenStore: Sendable {
    /// Stores a new token; a name the user already gave a token is ``TallyError/conflict(_:)``.
    func createToken(_ token: AccessToken) async throws
    func tokens(userID: UUID) async throws -> [AccessToken]
    /// The token with this digest and the user who holds it, in one read (every API request asks).
    func token(digest: String) async throws -> (token: AccessToken, user: UserAccount)?
    /// Marks the token used; cheap enough to call on every request.
    func touchToken(id: UUID, at instant: Date) async throws
    /// Deletes the user's token called `name`; false when there was none.
    func revokeToken(userID: UUID, name: String) async throws -> Bool
}
