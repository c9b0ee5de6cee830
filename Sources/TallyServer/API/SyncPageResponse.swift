import Foundation
import HTTPTypes
import Hummingbird
import Synchronization
import TallyCore

/// Writes `sync/pull`'s answer with ``SyncPageJSON`` rather than through the generated API types, whose
/// free-form `changes` object the OpenAPI runtime encodes slowly (by way of `NSDictionary`: about 300 ms
/// for a page of a thousand records). The generated handler still reads and checks the request and
/// fetches the page; it leaves the page here, and this middleware writes the answer from it.
struct SyncPageResponse: RouterMiddleware {
    typealias Context = TallyRequestContext

    /// Where the handler of the request being served leaves its page.
    final class Slot: Sendable {
        let page = Mutex<SyncPage?>(nil)
    }

    @TaskLocal static var slot: Slot?

    static let path = "/api/v1/sync/pull"

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.uri.path == Self.path else { return try await next(request, context) }
        let slot = Slot()
        var response = try await Self.$slot.withValue(slot) { try await next(request, context) }
        guard response.status == .ok, let page = slot.page.withLock({ $0 }) else { return response }
        let body = try SyncPageJSON.data(page)
        response.headers[.contentLength] = String(body.count)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return response
    }
}
