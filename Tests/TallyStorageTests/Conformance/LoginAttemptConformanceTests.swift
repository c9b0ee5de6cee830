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
                            keys: ["user:ana", "address:10.0.0.\(index % 4)"], at: now, since: since, limit: 10)
                            == nil
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(admitted == 10)
            #expect(try await store.loginFailures(key: "user:ana", since: since).count == 10)
            // A success takes its attempt back from the address; the account's are cleared by the caller.
            let other = try await store.admitLoginAttempt(
                keys: ["user:bo", "address:10.0.0.9"], at: now, since: since, limit: 10)
            #expect(other == nil)
            try await store.forgetLoginAttempt(keys: ["address:10.0.0.9"], at: now)
            #expect(try await store.loginFailures(key: "address:10.0.0.9", since: since).isEmpty)
            // Fifteen minutes on, the window is empty again.
            let later = now.addingTimeInterval(901)
            let again = try await store.admitLoginAttempt(
                keys: ["user:ana"], at: later, since: later.addingTimeInterval(-900), limit: 10)
            #expect(again == nil)
        }
    }
}
