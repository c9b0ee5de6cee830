import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

@testable import TallyServer

/// Open pages hear of changes made anywhere, through Server-Sent Events.
@Suite struct LiveUpdatesTests {
    @Test func aChangeMadeWhileTheStreamIsOpenIsAnnounced() async throws {
        let fixture = try ServerFixture()
        let live = LiveUpdates(
            scope: fixture.scope, interval: .milliseconds(50), lifetime: .milliseconds(800), keepAlive: .seconds(60))
        let router = Router()
        live.register(on: router)
        let app = Application(router: router)
        try await app.test(.router) { client in
            let writer = Task {
                try await Task.sleep(for: .milliseconds(250))
                // As a sync or another process would: straight into the store.
                _ = try await fixture.scope.water.log(amountML: 250, source: .api)
            }
            let response = try await client.execute(uri: "/events/stream", method: .get)
            try await writer.value
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/event-stream")
            let text = String(buffer: response.body)
            #expect(text.hasPrefix("retry: 3000\nid: 0\n"))
            #expect(text.contains("event: change\nid: 1\ndata: 1\n\n"))
        }
    }

    @Test func aReconnectingPageHearsAtOnceOfWhatItMissed() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.water.log(amountML: 250, source: .api)
        let live = LiveUpdates(scope: fixture.scope, interval: .milliseconds(50), lifetime: .milliseconds(100))
        let router = Router()
        live.register(on: router)
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(
                uri: "/events/stream", method: .get, headers: [.lastEventID: "0"])
            #expect(String(buffer: response.body).hasPrefix("event: change\nid: 1\n"))
        }
    }
}
