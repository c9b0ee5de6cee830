import Foundation
import TallyCore
import TallyStorage

/// Users, passwords and log-in: the rules of issue "Accounts" over the store, with the clock injected.
/// Sessions and tokens are in ``AccountService+Credentials``.
public struct AccountService: Sendable {
    let store: any AccountStore
    let clock: any WallClock
    let hasher: PasswordHasher
    let throttle: LoginThrottle

    public init(
        store: any AccountStore, clock: any WallClock, hasher: PasswordHasher = .standard,
        throttle: LoginThrottle = LoginThrottle()
    ) {
        self.store = store
        self.clock = clock
        self.hasher = hasher
        self.throttle = throttle
    }

    public func hasAccounts() async throws -> Bool { try await !store.users().isEmpty }

    public func users() async throws -> [UserAccount] { try await store.users() }

    public func user(named name: String) async throws -> UserAccount {
        guard let user = try await store.user(named: UserName.parse(name)) else {
            throw TallyError.notFound(kind: "user", id: name)
        }
        return user
    }

    /// Makes an account. The first one on a server is an administrator and takes ``LocalUser/id``, so it
    /// owns whatever was recorded before accounts existed.
    public func createUser(name: String, password: String, isAdmin: Bool) async throws -> UserAccount {
        let name = try UserName.parse(name)
        try PasswordPolicy.check(password, userName: name)
        let first = try await store.users().isEmpty
        let user = UserAccount(
            id: first ? LocalUser.id : UUID(), name: name, isAdmin: isAdmin || first,
            passwordHash: await hasher.hash(password), createdAt: clock.now())
        try await store.createUser(user)
        return user
    }

    /// The first-run page: only while no account exists.
    public func setUp(name: String, password: String) async throws -> UserAccount {
        guard try await !hasAccounts() else { throw TallyError.forbidden("this server already has an administrator") }
        return try await createUser(name: name, password: password, isAdmin: true)
    }

    /// Sign-up by a visitor: allowed while open sign-up is on, or with an unused invite code.
    public func signUp(name: String, password: String, invite: String?) async throws -> UserAccount {
        let name = try UserName.parse(name)
        try PasswordPolicy.check(password, userName: name)
        if let invite, !invite.isEmpty {
            guard try await store.consumeInvite(digest: SecretToken.digest(invite), now: clock.now()) else {
                throw TallyError.forbidden("this invite link is used or has expired; ask for a new one")
            }
        } else if try await !isSignUpOpen() {
            throw TallyError.forbidden("sign-up is closed on this server; ask its administrator for an invite")
        }
        return try await createUser(name: name, password: password, isAdmin: false)
    }

    /// Checks a name and password, holding back guessing per account and per network address.
    public func logIn(name: String, password: String, address: String?) async throws -> UserAccount {
        let now = clock.now()
        let keys =
            ["user:" + name.trimmingCharacters(in: .whitespaces).lowercased()]
            + (address.map { ["address:" + $0] } ?? [])
        // Counted before the password is checked, so guesses sent all at once cannot slip past the limit.
        if let attempts = try await store.admitLoginAttempt(
            keys: keys, at: now, since: throttle.windowStart(now: now), limit: throttle.limit)
        {
            try throttle.check(failures: attempts, now: now)
            throw TallyError.tooManyAttempts(retryAfterSeconds: 1)
        }
        let user = try? await store.user(named: UserName.parse(name))
        guard await hasher.verify(password, hash: user?.passwordHash ?? PasswordHasher.decoy), let user else {
            throw TallyError.unauthorized("wrong user name or password")
        }
        try await store.clearLoginFailures(key: keys[0])
        try await store.forgetLoginAttempt(keys: Array(keys.dropFirst()), at: now)
        return user
    }

    public func changePassword(user: UserAccount, current: String, new: String) async throws {
        guard await hasher.verify(current, hash: user.passwordHash) else {
            throw TallyError.invalid(field: "current", reason: "is not your current password")
        }
        try PasswordPolicy.check(new, userName: user.name)
        try await store.setPasswordHash(await hasher.hash(new), userID: user.id)
    }

    /// Deletes the signed-in user and all their data, once they confirm with their password.
    public func deleteAccount(user: UserAccount, password: String) async throws {
        guard await hasher.verify(password, hash: user.passwordHash) else {
            throw TallyError.invalid(field: "password", reason: "is not your password")
        }
        try await remove(user)
    }

    /// Removes a user by name (the administrator's `tally users remove`).
    public func removeUser(named name: String) async throws { try await remove(try await user(named: name)) }

    private func remove(_ user: UserAccount) async throws {
        let users = try await store.users()
        if user.isAdmin, users.count > 1, !users.contains(where: { $0.isAdmin && $0.id != user.id }) {
            throw TallyError.forbidden("\(user.name) is the only administrator; make another one first")
        }
        try await store.deleteUser(id: user.id)
    }

    public static let openSignUpKey = "open_sign_up"

    public func isSignUpOpen() async throws -> Bool { try await store.serverSetting(Self.openSignUpKey) == "on" }

    public func setSignUpOpen(_ open: Bool, by user: UserAccount) async throws {
        guard user.isAdmin else { throw TallyError.forbidden("only an administrator can change sign-up") }
        try await store.setServerSetting(Self.openSignUpKey, value: open ? "on" : nil)
    }
}

extension AccountService {
    /// An administrator adds someone from the web app.
    public func addUser(
        by admin: UserAccount, name: String, password: String, isAdmin: Bool
    ) async throws
        -> UserAccount
    {
        guard admin.isAdmin else { throw TallyError.forbidden("only an administrator can add people") }
        return try await createUser(name: name, password: password, isAdmin: isAdmin)
    }
}
