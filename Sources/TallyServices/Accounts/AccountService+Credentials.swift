import Foundation
import TallyCore
import TallyStorage

/// Sessions for browsers, tokens for devices and scripts, invites for new people.
extension AccountService {
    /// Starts a session; the returned secret goes in the cookie and is never stored.
    public func startSession(
        for user: UserAccount, remember: Bool
    ) async throws -> (secret: String, session: LoginSession) {
        let secret = SecretToken.make()
        let now = clock.now()
        let session = LoginSession(
            digest: SecretToken.digest(secret), userID: user.id, csrfToken: SecretToken.make(), createdAt: now,
            expiresAt: now.addingTimeInterval(LoginSession.lifetime(remember: remember)), remember: remember)
        try await store.createSession(session)
        return (secret, session)
    }

    /// The live session a cookie names and its user, or nil (unknown, expired, or the user is gone).
    public func session(secret: String) async throws -> (session: LoginSession, user: UserAccount)? {
        guard !secret.isEmpty, secret.count <= 128 else { return nil }
        let digest = SecretToken.digest(secret)
        guard
            let (session, user) = try await kept(
                .session(digest: digest), read: { try await store.session(digest: digest) })
        else { return nil }
        guard !session.isExpired(at: clock.now()) else {
            try await store.deleteSession(digest: digest)
            cache?.forgetAll()
            return nil
        }
        return (session, user)
    }

    public func endSession(secret: String) async throws {
        try await store.deleteSession(digest: SecretToken.digest(secret))
        cache?.forgetAll()
    }

    /// Signs the user out of every other browser (after a password change).
    public func endOtherSessions(of user: UserAccount, keeping session: LoginSession?) async throws {
        try await store.deleteSessions(userID: user.id, keeping: session?.digest)
        cache?.forgetAll()
    }

    /// Makes a token; the returned text is shown once and only its digest is kept.
    public func createToken(for user: UserAccount, name: String) async throws -> (text: String, token: AccessToken) {
        let text = SecretToken.make(prefix: AccessToken.prefix)
        let token = AccessToken(
            id: UUID(), userID: user.id, name: try AccessToken.parseName(name), digest: SecretToken.digest(text),
            createdAt: clock.now())
        try await store.createToken(token)
        return (text, token)
    }

    public func tokens(of user: UserAccount) async throws -> [AccessToken] { try await store.tokens(userID: user.id) }

    public func revokeToken(of user: UserAccount, name: String) async throws {
        let revoked = try await store.revokeToken(userID: user.id, name: name)
        cache?.forgetAll()
        guard revoked else { throw TallyError.notFound(kind: "token", id: name) }
    }

    /// The token a `Bearer` header carries and its user, marked used now; nil when unknown or revoked.
    ///
    /// "Last used" is kept to the minute: a token already marked within the last minute is not marked
    /// again, so a busy device's requests do not each cost a durable write of their own.
    public func authenticate(bearer text: String) async throws -> (token: AccessToken, user: UserAccount)? {
        guard text.hasPrefix(AccessToken.prefix), text.count <= 128 else { return nil }
        let digest = SecretToken.digest(text)
        guard
            let (token, user) = try await kept(.token(digest: digest), read: { try await store.token(digest: digest) })
        else { return nil }
        let now = clock.now()
        if CoarseTimestamp.isDue(token.lastUsedAt, now: now) {
            try await store.touchToken(id: token.id, at: now)
            cache?.update(.token(digest: digest), as: (token: AccessToken, user: UserAccount).self) {
                $0.token.lastUsedAt = now
            }
        }
        return (token, user)
    }

    /// The value `cache` keeps under `key`, or `read()`'s without one.
    private func kept<Value: Sendable>(
        _ key: AccountCache.Key, read: () async throws -> Value?
    ) async throws -> Value? {
        guard let cache else { return try await read() }
        return try await cache.value(key, read: read)
    }

    /// Exchanges a name and password for a new device token (`tally login`), throttled like log-in.
    public func issueToken(
        name: String, password: String, tokenName: String, address: String?, code: String? = nil
    ) async throws
        -> (text: String, token: AccessToken, user: UserAccount)
    {
        let user = try await logIn(name: name, password: password, address: address, code: code)
        let (text, token) = try await createToken(for: user, name: tokenName)
        return (text, token, user)
    }

    /// An invite code for the sign-up page, valid for a week and once.
    public func createInvite(by user: UserAccount) async throws -> String {
        guard user.isAdmin else { throw TallyError.forbidden("only an administrator can invite people") }
        let code = SecretToken.make()
        let now = clock.now()
        try await store.createInvite(
            Invite(
                digest: SecretToken.digest(code), createdBy: user.id, createdAt: now,
                expiresAt: now.addingTimeInterval(Invite.lifetime)))
        return code
    }
}
