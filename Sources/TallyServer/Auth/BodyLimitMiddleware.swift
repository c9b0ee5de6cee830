import Hummingbird
import NIOCore
import TallyCore

/// Caps the request bodies of the group it guards before any handler reads them: 1 MB for forms and
/// JSON, a little over 10 MB for a photo (a multipart form, or the API's image upload), 8 MB for a sync
/// batch. A larger body is answered 413 with a problem body, whether it says its length up front or
/// streams (chunked).
///
/// The uploads of files to import are not gathered: ``StreamedUploadLimit`` guards them, and their
/// handlers write them to disk as they arrive and stop at the limit.
///
/// A gathered body must also arrive whole within ``deadline`` (408 otherwise), however steadily its pieces
/// trickle in (a piece every 20 s kept the idle timeout from ever firing), and one client address may
/// have at most ``bodiesPerAddress`` bodies arriving at once (429 beyond), so a few machines sending
/// slowly cannot hold every connection the server has.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    /// The largest body the group takes; a multipart form (a photo) may always be ``MultipartForm/maxBytes``.
    let limit: Int
    /// How long a gathered body may take to arrive whole: twice the idle timeout (60 s by default,
    /// 1 MB at 17 KB/s).
    let deadline: Duration
    static let bodiesPerAddress = 32
    /// Bodies arriving now, by client address: one count for the whole server, shared by every group.
    let arriving: Arriving

    final class Arriving: Sendable {
        let counts = LockedValue<[String: Int]>([:])
        init() {}
    }

    static let standard = 1024 * 1024
    static let syncBatch = 8 * 1024 * 1024
    /// The most any group gathers.
    static var gatheredLimit: Int { max(MultipartForm.maxBytes, syncBatch) }

    func limit(for request: Request) -> Int {
        request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true
            ? max(limit, MultipartForm.maxBytes) : limit
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        let limit = limit(for: request)
        let tooLarge = HTTPProblem(
            status: .contentTooLarge, detail: "the request body is larger than the limit of \(limit / 1024 / 1024) MB")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        let address = context.clientAddress ?? ""
        let admitted = arriving.counts.withLock { counts in
            guard counts[address, default: 0] < Self.bodiesPerAddress else { return false }
            counts[address, default: 0] += 1
            return true
        }
        guard admitted else {
            throw HTTPProblem(
                status: .tooManyRequests,
                detail: "too many requests from this address are sending their bodies at once; try again shortly",
                retryAfter: 5)
        }
        var request = request
        do {
            defer {
                arriving.counts.withLock { counts in
                    counts[address, default: 1] -= 1
                    if counts[address] == 0 { counts[address] = nil }
                }
            }
            request.body = RequestBody(buffer: try await gathered(request.body, upTo: limit))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        } catch is NIOTooManyBytesError {
            // A chunked body says nothing up front and is cut off here.
            throw tooLarge
        }
        return try await next(request, context)
    }

    /// The whole body, or a 408 once ``deadline`` has passed without it.
    private func gathered(_ body: RequestBody, upTo limit: Int) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask { [deadline] in
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                throw HTTPProblem(
                    status: .requestTimeout,
                    detail: "the request body did not arrive within \(deadline.components.seconds) s")
            }
            return buffer
        }
    }
}
