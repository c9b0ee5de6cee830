import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A method Tally answers nowhere is a 405 with the methods it does answer, on any path.
@Suite struct MethodTests {
    @Test func traceAndConnectAre405() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for path in ["/", "/api/v1/today", "/health", "/no/such/page"] {
                let answer = try await client.execute(uri: path, method: .trace, headers: [:], body: nil)
                #expect(answer.status == .methodNotAllowed, "\(path): \(answer.status)")
                #expect(answer.headers[.allow] == "GET, HEAD, POST, PUT, PATCH, DELETE")
            }
            let api = try await client.execute(uri: "/api/v1/today", method: .trace, headers: [:], body: nil)
            #expect(api.headers[.contentType] == "application/problem+json")
        }
    }
}
