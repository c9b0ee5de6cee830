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
    /// Where a server keeps credentials and settings between requests; nil (the CLI) reads them each time.
    public let cache: AccountCache?
    /// Where people are told about their account (a flood of guesses, a sign-in code); nil sends nothing.
    let notices: (any AccountNotices)?

    public init(
        store: any AccountStore, clock: any WallClock, hasher: PasswordHasher = .standard,
        throttle: LoginThrottle = LoginThrottle(), cache: AccountCache? = nil, notices: (any AccountNotices)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.hasher = hasher
        self.throttle = throttle
        self.cache = cache
        self.notices = notices
    }

    /// This service, telling people about their account through `notices`.
    public func telling(_ notices: any AccountNotices) -> AccountService {
        AccountService(store: store, clock: clock, hasher: hasher, throttle: throttle, cache: cache, notices: notices)
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
        // Checked before an invite is spent: a name already taken must not use up the person's link.
        if try await store.user(named: name) != nil { throw TallyError.conflict("the name \(name) is taken") }
        if let invite, !invite.isEmpty {
            guard try await store.consumeInvite(digest: SecretToken.digest(invite), now: clock.now()) else {
                throw TallyError.forbidden("this invite link is used or has expired; ask for a new one")
            }
        } else if try await !isSignUpOpen() {
            throw TallyError.forbidden("sign-up is closed on this server; ask its administrator for an invite")
        }
        return try await createUser(name: name, password: password, isAdmin: false)
    }

    /// Checks a name and password, holding back guessing as ``LoginThrottle`` describes. `devices` is the
    /// browser's known-device cookie, if it sent one: a device known to this name is held back only by its
    /// own attempts. `code`, a ``SignInCode`` the person asked for, lets a new device through while guesses
    /// from elsewhere hold the name back; when they start to, the owner is told.
    public func logIn(
        name: String, password: String, address: String?, devices: String? = nil, code: String? = nil
    ) async throws
        -> UserAccount
    {
        let now = clock.now()
        let code = code.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        if let code, SignInCode.normalized(code) == nil {
            throw TallyError.invalid(field: "sign-in code", reason: "is the 8 digits sent to you, like 1234 5678")
        }
        let device = try await knownDevice(name: name, in: devices, now: now)
        let keys =
            code == nil || device != nil
            ? throttle.keys(name: name, address: address, device: device?.id) : [throttle.codeKey(name)]
        // Counted before the password is checked, so guesses sent all at once cannot slip past the limit.
        if let full = try await store.admitLoginAttempt(keys: keys, at: now, since: throttle.windowStart(now: now)) {
            if full.key == throttle.nameKey(name) { tellOwnerOfGuesses(name: name, attempts: full.attempts) }
            throw throttle.refusal(failures: full.attempts, key: full.key, now: now)
        }
        let user = try? await store.user(named: UserName.parse(name))
        guard await hasher.verify(password, hash: user?.passwordHash ?? PasswordHasher.decoy), let user else {
            throw TallyError.unauthorized(
                code == nil ? "wrong user name or password" : "wrong user name, password or sign-in code")
        }
        if let code, device == nil, !SignInCode.matches(code, user: user, at: now, key: try await codeKey()) {
            throw TallyError.unauthorized("wrong user name, password or sign-in code")
        }
        // A success clears this place's count; the name's count from everywhere only loses this attempt,
        // so a guesser's failures keep counting while the owner signs in.
        try await store.clearLoginFailures(key: keys[0].text)
        try await store.forgetLoginAttempt(keys: keys.dropFirst().map(\.text), at: now)
        return user
    }

    /// The known-device cookie's new value once `user` has signed in on this browser: the device keeps its
    /// id if it was known to the name already, and its time is renewed.
    public func rememberDevice(for user: UserAccount, in devices: String?) async throws -> String {
        let now = clock.now()
        let key = try await KnownDevice.key(in: store)
        let known = KnownDevice.find(name: user.name, in: devices, key: key, now: now)
        let device = KnownDevice(name: user.name, id: known?.id ?? SecretToken.make(), issued: now)
        return KnownDevice.cookie(adding: device, to: devices, key: key, now: now)
    }

    private func knownDevice(name: String, in devices: String?, now: Date) async throws -> KnownDevice? {
        guard let devices, !devices.isEmpty else { return nil }
        return KnownDevice.find(name: name, in: devices, key: try await KnownDevice.key(in: store), now: now)
    }

    public func changePassword(user: UserAccount, current: String, new: String) async throws {
        guard await hasher.verify(current, hash: user.passwordHash) else {
            throw TallyError.invalid(field: "current", reason: "is not your current password")
        }
        try PasswordPolicy.check(new, userName: user.name)
        try await store.setPasswordHash(await hasher.hash(new), userID: user.id)
        cache?.forgetAll()
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
        cache?.forgetAll()
    }

    public static let openSignUpKey = "open_sign_up"

    public func isSignUpOpen() async throws -> Bool { try await store.serverSetting(Self.openSignUpKey) == "on" }

    public func setSignUpOpen(_ open: Bool, by user: UserAccount) async throws {
        guard user.isAdmin else { throw TallyError.forbidden("only an administrator can change sign-up") }
        try await store.setServerSetting(Self.openSignUpKey, value: open ? "on" : nil)
    }

    /// "on" when an administrator lets notification channels send to private and loopback addresses even
    /// while sign-up is open (a stranger's channel could otherwise probe the server's own network).
    public static let privateChannelsKey = "private_channels"

    /// Whether an administrator allowed private addresses while sign-up is open.
    public func privateChannelsAllowedWhileOpen() async throws -> Bool {
        try await store.serverSetting(Self.privateChannelsKey) == "on"
    }

    /// Whether channels may send to private addresses: always while sign-up is closed (only the server's
    /// own people have accounts), and while it is open only if an administrator said so.
    public func privateChannelsAllowed() async throws -> Bool {
        guard try await isSignUpOpen() else { return true }
        return try await privateChannelsAllowedWhileOpen()
    }

    public func setPrivateChannelsAllowed(_ allowed: Bool, by user: UserAccount) async throws {
        guard user.isAdmin else {
            throw TallyError.forbidden("only an administrator can let channels reach private addresses")
        }
        try await store.setServerSetting(Self.privateChannelsKey, value: allowed ? "on" : nil)
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
