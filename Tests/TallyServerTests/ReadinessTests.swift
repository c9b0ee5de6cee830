import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

@testable import TallyServer

/// `/health` says the process is alive, `/ready` that its database answers too; a database that cannot be
/// reached is a 503 with `Retry-After`, told without its host and port.
@Suite struct ReadinessTests {
    @Test func healthAndReadinessAnswerWithoutSigningIn() async throws {
        let fixture = try ServerFixture()
        try await fixture.testSignedOut { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok && health.text == "ok")
            let ready = try await client.execute(uri: "/ready", method: .get)
            #expect(ready.status == .ok && ready.text == "ready")
        }
    }

    @Test func anUnreachableDatabaseIsNamedWithoutItsAddress() {
        let problem = HTTPProblem(
            TallyError.unavailable("PostgreSQL at db.internal:5432 is not available: connection refused"))
        #expect(problem.status == .serviceUnavailable && problem.retryAfter == 5)
        #expect(problem.detail == "Tally's database cannot be reached just now: try again in a moment")
        #expect(!problem.detail.contains("db.internal"))
        let other = HTTPProblem(
            TallyError.unavailable("this server cannot send sign-in codes: it sends no notifications"))
        #expect(other.detail.hasPrefix("this server cannot send sign-in codes"))
    }
}
