import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A stale or unknown Bearer token (a revoked device, a typo in a script) is ignored by the routes that
/// need no credential, and still refused by every other.
@Suite struct StaleTokenTests {
    @Test func publicRoutesIgnoreAnUnknownTokenAndPrivateOnesRefuseIt() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.signIn(name: "owner")
        try await fixture.testSignedOut { client in
            let stale: HTTPFields = [.authorization: "Bearer not-a-token-anyone-has", .contentType: "application/json"]
            for path in ["/health", "/openapi.json", "/login", "/static/app.css", "/sw.js"] {
                let answer = try await client.execute(uri: path, method: .get, headers: stale)
                #expect(answer.status == .ok, "\(path): \(answer.status)")
            }
            let exchanged = try await client.execute(
                uri: "/api/v1/auth/tokens", method: .post, headers: stale,
                body: ByteBuffer(string: #"{"user":"owner","password":"a long enough secret","name":"new laptop"}"#))
            #expect(exchanged.status == .created)
            let today = try await client.execute(uri: "/api/v1/today", method: .get, headers: stale)
            #expect(today.status == .unauthorized)
            let page = try await client.execute(uri: "/water", method: .get, headers: stale)
            #expect(page.status == .unauthorized)
        }
    }
}
