import Foundation
import TallyCore
import TallyStorage

/// Credentials and settings kept in memory between a server's requests, so that a request does not read
/// the database before its own work: the token or session it is signed with, the user it names, that
/// user's settings, and the user's skill rules (which every water or bathroom write consults).
///
/// What is kept stands for as long as the store's ``TallyStorage/AccountStore/cacheVersion()`` does, which
/// every change to a user, session, token, settings or skill rule moves, whoever makes it. The version is read again
/// once the last reading is older than the cache's maximum age: a change made by another process (the CLI,
/// another server on the same PostgreSQL) is seen within that time. A change this process makes calls
/// ``forgetAll()`` and is seen by the very next request. A value is kept under the version read before the
/// value was, so a value read while a change was being made never outlives that change.
public final class AccountCache: Sendable {
    /// How stale another process's change may be seen: a revoked token still works this long on a server
    /// that did not revoke it.
    public static let standardMaximumAge: Duration = .milliseconds(100)
    /// More values than this and the cache starts again (it holds one per live credential and per user).
    static let capacity = 10_000

    enum Key: Hashable {
        case token(digest: String)
        case session(digest: String)
        case settings(owner: UUID)
        case skillRules(owner: UUID)
    }

    private struct Kept {
        var version: Int64
        var value: any Sendable
    }

    private struct State {
        var version: Int64?
        var checkedAt: ContinuousClock.Instant?
        /// Moves with every ``forgetAll()``: a version read while it moved may predate the change.
        var generation = 0
        var values: [Key: Kept] = [:]
    }

    private let store: any AccountStore
    private let maximumAge: Duration
    private let elapsed: @Sendable () -> ContinuousClock.Instant
    // NSLock rather than Synchronization.Mutex, which needs macOS 15 and the package supports macOS 14.
    private let lock = NSLock()
    nonisolated(unsafe) private var state = State()

    /// `elapsed` is the monotonic clock the maximum age is measured on (a test's own, to step it).
    public init(
        store: any AccountStore, maximumAge: Duration = AccountCache.standardMaximumAge,
        elapsed: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.store = store
        self.maximumAge = maximumAge
        self.elapsed = elapsed
    }

    /// The value kept under `key` if it still stands, else `read()`'s, kept for the requests after this
    /// one. Nothing is kept for nil (an unknown token costs a read each time, as without the cache).
    func value<Value: Sendable>(_ key: Key, read: () async throws -> Value?) async throws -> Value? {
        let version = try await currentVersion()
        if let kept = lock.withLock({ state.values[key] }), kept.version == version, let value = kept.value as? Value {
            return value
        }
        guard let value = try await read() else { return nil }
        lock.withLock {
            guard state.version == version else { return }
            if state.values.count >= Self.capacity { state.values.removeAll() }
            state.values[key] = Kept(version: version, value: value)
        }
        return value
    }

    /// Changes a kept value in place, for a change that moves no version (a token's last use).
    func update<Value: Sendable>(_ key: Key, as type: Value.Type, _ change: (inout Value) -> Void) {
        lock.withLock {
            guard var kept = state.values[key], var value = kept.value as? Value else { return }
            change(&value)
            kept.value = value
            state.values[key] = kept
        }
    }

    /// Forgets everything: this process has changed a user, a credential or someone's settings.
    public func forgetAll() {
        lock.withLock {
            state.values.removeAll()
            state.version = nil
            state.checkedAt = nil
            state.generation += 1
        }
    }

    /// The store's version, as read within the maximum age.
    private func currentVersion() async throws -> Int64 {
        let now = elapsed()
        let (known, generation): (Int64?, Int) = lock.withLock {
            guard let version = state.version, let checkedAt = state.checkedAt, now - checkedAt < maximumAge
            else { return (nil, state.generation) }
            return (version, state.generation)
        }
        if let known { return known }
        let version = try await store.cacheVersion()
        lock.withLock {
            // A change of this process was made meanwhile, or a later reading is already in.
            guard state.generation == generation, state.checkedAt.map({ $0 < now }) ?? true else { return }
            if state.version != version { state.values.removeAll() }
            state.version = version
            state.checkedAt = now
        }
        return version
    }
}
