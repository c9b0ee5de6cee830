import Foundation
import Hummingbird
import NIOCore
import TallyCore

/// An HTTP endpoint on loopback that keeps every request it gets: what an ntfy server, a webhook receiver
/// or a push service sees of Tally. It answers `status`, after `delay`, and closes each connection after its
/// answer: a client that kept it for later could send its next request down a connection to a receiver that
/// has stopped since (and whose port a new receiver now has).
public final class LoopbackReceiver: Sendable {
    public struct Received: Sendable {
        public var path: String
        public var headers: [String: String]
        public var body: Data

        /// A header's value, its name in any case.
        public func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    private let received = LockedValue<[Received]>([])
    private let answer: LockedValue<(status: HTTPResponse.Status, delay: Duration)>
    private let task: LockedValue<Task<Void, any Error>?> = LockedValue(nil)
    private let held = LockedValue(false)
    public let port: Int

    public var requests: [Received] { received.withLock { $0 } }

    /// The requests once at least `count` have come, waiting up to `limit` for them (for what Tally sends in
    /// the background, after its answer; the parallel suite can stall this process for many seconds).
    public func requests(atLeast count: Int, within limit: Duration = .seconds(60)) async throws -> [Received] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        while received.withLock({ $0.count }) < count, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        return requests
    }

    public func answer(_ status: HTTPResponse.Status, after delay: Duration = .zero) {
        answer.withLock { $0 = (status, delay) }
    }

    /// Holds every request without an answer, as a channel that hangs does, until ``release()``.
    public func hold() { held.withLock { $0 = true } }

    /// Answers the requests held, and those to come, as ``answer(_:after:)`` says.
    public func release() { held.withLock { $0 = false } }

    /// Starts listening on 127.0.0.1 on a free port.
    public init(status: HTTPResponse.Status = .created) async throws {
        answer = LockedValue((status, .zero))
        let router = Router()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let box = Box()
        router.post("**") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
            box.receiver?.received.withLock {
                $0.append(Received(path: request.uri.path, headers: headers, body: Data(buffer: body)))
            }
            while box.receiver?.held.withLock({ $0 }) == true { try await Task.sleep(for: .milliseconds(10)) }
            let (status, delay) = box.receiver?.answer.withLock { $0 } ?? (.created, .zero)
            if delay > .zero { try await Task.sleep(for: delay) }
            return Response(status: status, headers: [.connection: "close"])
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) })
        let running = Task { try await app.runService() }
        var iterator = stream.makeAsyncIterator()
        port = await iterator.next() ?? 0
        task.withLock { $0 = running }
        box.receiver = self
    }

    public var url: String { "http://127.0.0.1:\(port)" }

    public func stop() {
        task.withLock { $0?.cancel() }
    }

    private final class Box: @unchecked Sendable {
        weak var receiver: LoopbackReceiver?
    }
}
