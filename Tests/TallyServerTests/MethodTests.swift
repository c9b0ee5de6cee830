import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A method Tally answers nowhere is a 405 with the methods it does answer, on any path; a method an API
/// path does not answer is a 405 with that path's methods (it was a 404), and OPTIONS lists them.
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

    @Test func aMethodAnAPIPathDoesNotAnswerIs405WithItsMethods() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        try await fixture.test { client in
            let cases: [(String, HTTPRequest.Method, String)] = [
                ("/api/v1/me", .put, "GET, HEAD, OPTIONS"),
                ("/api/v1/auth/tokens", .delete, "POST, OPTIONS"),
                // A fixed segment wins over a parameter, as in routing: not `/skills/{id}`'s PUT.
                ("/api/v1/skills/day", .put, "GET, HEAD, OPTIONS"),
                ("/api/v1/water/entries/\(UUID())", .post, "GET, PUT, DELETE, HEAD, OPTIONS"),
            ]
            for (path, method, allow) in cases {
                let answer = try await client.execute(uri: path, method: method, headers: owner.bearerHeaders)
                #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                #expect(answer.headers[.allow] == allow, "\(method) \(path)")
                #expect(answer.headers[.contentType] == "application/problem+json")
            }
            let options = try await client.execute(uri: "/api/v1/water/entries", method: .options, headers: [:])
            #expect(options.status == .noContent)
            #expect(options.headers[.allow] == "GET, POST, HEAD, OPTIONS")
            // Paths the document does not have are still a 404.
            let unknown = try await client.execute(uri: "/api/v1/nothing", method: .put, headers: owner.bearerHeaders)
            #expect(unknown.status == .notFound)
        }
    }
}
