import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Serves uploaded images. A name is the content's hash, so an address never changes what it shows:
/// browsers may keep it for a year without asking again.
struct ImageRoute {
    let scope: UserScope

    func image(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let name = context.parameters.get("name") ?? ""
        guard let (data, kind) = try await scope.images.image(named: name) else {
            throw TallyError.notFound(kind: "image", id: name)
        }
        let etag = "\"\(name.split(separator: ".")[0])\""
        var headers: HTTPFields = [
            .contentType: kind.mimeType, .cacheControl: "private, max-age=31536000, immutable", .eTag: etag,
            .init("X-Content-Type-Options")!: "nosniff",
        ]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
