import Foundation
import TallyCore

/// Invitations to make an account, known by their digests.
public protocol InviteStore: Sendable {
    func createInvite(_ invite: Invite) async throws
    /// Takes the invite out of use; false when it is unknown, used or expired at `now`.
    func consumeInvite(digest: String, now: Date) async throws -> Bool
    /// Every invite not yet used (expired ones included), oldest first: what a copy of the store carries.
    func invites() async throws -> [Invite]
}
