import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import TallyServices

/// `GET /events/stream`: Server-Sent Events that tell open pages when the user's data changed, whichever
/// replica changed it (the web app, the API, a device's sync, a CLI on the same data directory). It reads
/// the store's change feed once a second, so it works across processes, and sends `change` with the
/// user's latest change number as the event id. A stream ends after a few minutes; the browser reconnects
/// by itself, sending the last id it saw, and hears at once of anything it missed.
struct LiveUpdates: Sendable {
    let scope: UserScope
    var interval: Duration = .seconds(1)
    var lifetime: Duration = .seconds(300)
    /// A comment this often keeps proxies from closing a quiet stream and finds closed connections.
    var keepAlive: Duration = .seconds(15)

    /// The user whose changes a request hears of. ACCOUNTS: the session's user once accounts land.
    func owner(of request: Request) -> UUID { scope.owner }

    func register(on router: Router<BasicRequestContext>) {
        router.get("/events/stream") { request, _ in
            let seen = request.headers[.lastEventID].flatMap { Int64($0) }
            return stream(owner: owner(of: request), lastSeen: seen)
        }
    }

    func stream(owner: UUID, lastSeen: Int64?) -> Response {
        let body = ResponseBody { [scope, interval, lifetime, keepAlive] writer in
            var latest = try await scope.store.latestSequence(owner: owner)
            if let lastSeen, lastSeen != latest {
                try await writer.write(Self.event(latest))
            } else {
                try await writer.write(ByteBuffer(string: "retry: 3000\nid: \(latest)\n: connected\n\n"))
            }
            let clock = ContinuousClock()
            let end = clock.now + lifetime
            var quietSince = clock.now
            // A stream ends at a graceful shutdown too: the server waits for responses in flight.
            while clock.now < end, !Task.isShuttingDownGracefully {
                try await Task.sleep(for: interval)
                let current = try await scope.store.latestSequence(owner: owner)
                if current != latest {
                    latest = current
                    try await writer.write(Self.event(latest))
                    quietSince = clock.now
                } else if clock.now - quietSince >= keepAlive {
                    try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    quietSince = clock.now
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .accelBuffering: "no"],
            body: body)
    }

    static func event(_ sequence: Int64) -> ByteBuffer {
        ByteBuffer(string: "event: change\nid: \(sequence)\ndata: \(sequence)\n\n")
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
    /// Asks a proxy in front (nginx) not to hold the stream back.
    static let accelBuffering = Self("X-Accel-Buffering")!
}
