import Foundation
import HTTPTypes
import Hummingbird
import Synchronization
import TallyCore

/// Writes the answers of `sync/pull` and `sync/records` with ``SyncPageJSON`` rather than through the
/// generated API types, whose free-form `changes` object the OpenAPI runtime encodes slowly (by way of
/// `NSDictionary`: about 300 ms for a page of a thousand records). The generated handler still reads and
/// checks the request and fetches the records; it leaves them here, and this middleware writes the answer.
struct SyncPageResponse: RouterMiddleware {
    typealias Context = TallyRequestContext

    /// What a handler leaves: a page, or the records of chosen days.
    enum Answer {
        case page(SyncPage)
        case records([AnyRecord])
    }

    /// Where the handler of the request being served leaves its answer.
    final class Slot: Sendable {
        let answer = Mutex<Answer?>(nil)
    }

    @TaskLocal static var slot: Slot?

    static let paths: Set<String> = ["/api/v1/sync/pull", "/api/v1/sync/records"]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.paths.contains(request.uri.path) else { return try await next(request, context) }
        let slot = Slot()
        var response = try await Self.$slot.withValue(slot) { try await next(request, context) }
        guard response.status == .ok, let answer = slot.answer.withLock({ $0 }) else { return response }
        let body =
            switch answer {
            case .page(let page): try SyncPageJSON.data(page)
            case .records(let records): try SyncPageJSON.data(changes: records)
            }
        response.headers[.contentLength] = String(body.count)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return response
    }
}
