import Foundation
import HTTPTypes
import Hummingbird
import TallyCore

/// Reads the records of `sync/push` and writes those of `sync/pull` and `sync/records` directly
/// (``SyncEnvelope`` and ``SyncJSON``), not through the generated API types, whose free-form `changes`
/// object the OpenAPI runtime decodes and encodes slowly (by way of `NSDictionary`: about 300 ms for a page
/// of a thousand records, each way).
///
/// The generated handlers still read and check everything else of the request, so its validation and
/// errors stay those `openapi.yaml` describes:
/// - A pushed batch that ``SyncEnvelope`` reads reaches the handler with its records taken out (`changes`
///   empty) and left in the slot. Any other body reaches it as sent, and the handler reads it all.
/// - A handler leaves the page or records it answers with in the slot, and this middleware writes them.
///
/// It guards the group of those operations alone (``APIRegistrar``), in one of two roles.
struct SyncJSONMiddleware: RouterMiddleware {
    typealias Context = SignedInContext

    enum Role {
        /// `sync/push`: reads the batch's records.
        case readsRecords
        /// `sync/pull` and `sync/records`: writes the answer's records.
        case writesRecords
    }

    let role: Role

    /// What a handler leaves: a page, or the records of chosen days.
    enum Answer {
        case page(SyncPage)
        case records([AnyRecord])
    }

    /// What passes between this middleware and the handler of the request being served.
    final class Slot: Sendable {
        /// The records of a pushed batch, read here.
        let pushed: [AnyRecord]?
        let answer = LockedValue<Answer?>(nil)

        init(pushed: [AnyRecord]?) {
            self.pushed = pushed
        }
    }

    @TaskLocal static var slot: Slot?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if role == .readsRecords {
            var request = request
            let pushed = try await Self.takeRecords(from: &request)
            return try await Self.$slot.withValue(Slot(pushed: pushed)) { try await next(request, context) }
        }
        let slot = Slot(pushed: nil)
        var response = try await Self.$slot.withValue(slot) { try await next(request, context) }
        guard response.status == .ok, let answer = slot.answer.withLock({ $0 }) else { return response }
        let body =
            switch answer {
            case .page(let page): try SyncJSON.data(page)
            case .records(let records): try SyncJSON.data(changes: records)
            }
        response.headers[.contentLength] = String(body.count)
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return response
    }

    /// The records of a batch ``SyncEnvelope`` reads, the request's body then holding the batch without
    /// them; nil, the body left as it was, for any other.
    static func takeRecords(from request: inout Request) async throws -> [AnyRecord]? {
        // `BodyLimitMiddleware` has gathered the body already, within the batch's limit.
        let body = try await request.collectBody(upTo: BodyLimitMiddleware.syncBatch)
        guard let envelope = SyncEnvelope.read(body.readableBytesView),
            Set(envelope.fields.keys) == ["deviceId", "through"], let device = envelope.fields["deviceId"],
            let through = envelope.fields["through"]
        else { return nil }
        let rest = "{\"changes\":{},\"deviceId\":\(device),\"through\":\(through)}"
        // The generated handler reads the body's length from the header.
        var head = request.head
        head.headerFields[.contentLength] = String(rest.utf8.count)
        head.headerFields[.transferEncoding] = nil
        request = Request(head: head, body: RequestBody(buffer: ByteBuffer(string: rest)))
        return envelope.records
    }
}
