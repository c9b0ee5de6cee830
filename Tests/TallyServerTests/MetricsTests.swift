import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// `/metrics`: off unless a token is configured, then only for that token, in Prometheus's text format.
@Suite struct MetricsTests {
    @Test func metricsAreOffByDefault() async throws {
        let fixture = try ServerFixture()
        try await fixture.testSignedOut { client in
            let answer = try await client.execute(uri: "/metrics", method: .get)
            #expect(answer.status == .notFound)
        }
    }

    @Test func metricsNeedTheirTokenAndCountRequestsCommitsAndStreams() async throws {
        let fixture = try ServerFixture()
        var configuration = fixture.configuration
        configuration.metricsToken = "a metrics token long enough"
        try await fixture.test(configuration: configuration) { client in
            _ = try await client.json(.post, "/api/v1/water/entries", #"{"amountMl":250}"#)
            _ = try await client.execute(uri: "/events/stream", method: .get)
            let refused = try await client.execute(
                uri: "/metrics", method: .get, headers: [.authorization: "Bearer not the token at all"])
            #expect(refused.status == .unauthorized)
            let metrics = try await client.execute(
                uri: "/metrics", method: .get, headers: [.authorization: "Bearer a metrics token long enough"])
            #expect(metrics.status == .ok && metrics.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = metrics.text
            #expect(text.contains("# TYPE hb_requests counter"))
            #expect(text.contains(#"http_route="/api/v1/water/entries""#))
            #expect(text.contains("tally_commits_total") && text.contains("tally_commit_writes"))
            #expect(text.contains("tally_live_streams"))
        }
    }
}
