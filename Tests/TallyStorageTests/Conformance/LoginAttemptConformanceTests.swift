import Foundation
import TallyCore
import TallyStorage
import Testing

/// Log-in attempts are counted before they are checked, on every database: of 40 sent at once for one
/// account, exactly the limit get through; one that succeeded is taken back; old ones are forgotten.
@Suite struct LoginAttemptConformanceTests {
    @Test(arguments: Database.available)
    func concurrentAttemptsCannotSlipPastTheLimit(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let since = now.addingTimeInterval(-900)
            let admitted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await store.admitLoginAttempt(
                            keys: [.init("user:ana", limit: 10), .init("address:10.0.0.\(index % 4)", limit: 30)],
                            at: now, since: since) == nil
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(admitted == 10)
            #expect(try await store.loginFailures(key: "user:ana", since: since).count == 10)
            // A success takes its attempt back from the address; the account's are cleared by the caller.
            let other = try await store.admitLoginAttempt(
                keys: [.init("user:bo", limit: 10), .init("address:10.0.0.9", limit: 10)], at: now, since: since)
            #expect(other == nil)
            try await store.forgetLoginAttempt(keys: ["address:10.0.0.9"], at: now)
            #expect(try await store.loginFailures(key: "address:10.0.0.9", since: since).isEmpty)
            // Fifteen minutes on, the window is empty again.
            let later = now.addingTimeInterval(901)
            let again = try await store.admitLoginAttempt(
                keys: [.init("user:ana", limit: 10)], at: later, since: later.addingTimeInterval(-900))
            #expect(again == nil)
        }
    }

    /// Each key has its own limit, and the first full one is the answer, with its attempts.
    @Test(arguments: Database.available)
    func eachKeyIsHeldBackAtItsOwnLimit(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let since = now.addingTimeInterval(-900)
            let pair = LoginThrottle.Key("user:ana|address:a", limit: 3)
            let name = LoginThrottle.Key("user:ana", limit: 5)
            for second in 0..<3 {
                let admitted = try await store.admitLoginAttempt(
                    keys: [pair, name], at: now.addingTimeInterval(Double(second)), since: since)
                #expect(admitted == nil)
            }
            let held = try #require(try await store.admitLoginAttempt(keys: [pair, name], at: now, since: since))
            #expect(held.key == pair)
            #expect(held.attempts == (0..<3).map { now.addingTimeInterval(Double($0)) })
            // From elsewhere, the name's own limit still has room for two more.
            let other = LoginThrottle.Key("user:ana|address:b", limit: 3)
            #expect(try await store.admitLoginAttempt(keys: [other, name], at: now, since: since) == nil)
            #expect(try await store.admitLoginAttempt(keys: [other, name], at: now, since: since) == nil)
            #expect(try await store.admitLoginAttempt(keys: [other, name], at: now, since: since)?.key == name)
        }
    }
}
