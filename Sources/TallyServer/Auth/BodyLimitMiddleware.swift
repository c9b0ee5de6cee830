import Hummingbird
import NIOCore
import TallyCore

/// Caps every request body before any handler reads it: 1 MB for forms and JSON, a little over 10 MB
/// for a photo, 8 MB for a sync batch. A larger body is answered 413 with a problem body, whether it says
/// its length up front or streams (chunked).
///
/// The uploads of files to import (`POST /import` and the progress screen's `POST /skills/import`, 4 GB
/// unless `tally serve --import-limit` says otherwise) are the bodies not gathered here: their handlers
/// write them to disk as they arrive and stop at the limit.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    let importLimit: Int

    static let standard = 1024 * 1024
    static let syncBatch = 8 * 1024 * 1024

    static func limit(for request: Request) -> Int {
        let path = request.uri.path
        if path == "/api/v1/images" || request.headers[.contentType]?.lowercased().hasPrefix("multipart/") == true {
            return MultipartForm.maxBytes
        }
        if path == "/api/v1/sync/push" { return syncBatch }
        return standard
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if ImportPage.isUpload(request) {
            if let length = request.headers[.contentLength].flatMap(Int.init), length > importLimit {
                throw StreamedUpload.tooLarge(importLimit)
            }
            return try await next(request, context)
        }
        let limit = Self.limit(for: request)
        let tooLarge = HTTPProblem(
            status: .contentTooLarge, detail: "the request body is larger than the limit of \(limit / 1024 / 1024) MB")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
        var request = request
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge
        } catch is NIOTooManyBytesError {
            // A chunked body says nothing up front and is cut off here.
            throw tooLarge
        }
        return try await next(request, context)
    }
}
