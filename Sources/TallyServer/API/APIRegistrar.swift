import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// Puts each operation of the generated API on the group that guards it: the operations the document
/// marks open (`security: []`) on ``open``; the image upload on ``largeBodies``; `sync/push` and
/// `sync/pull`/`sync/records`, whose records ``SyncJSONMiddleware`` reads or writes directly, on their own
/// groups; every other on ``signedIn``. Decided once, as the routes are built.
struct APIRegistrar: ServerTransport {
    let prefix: String
    let openOperations: Set<String>
    let open: RouterGroup<TallyRequestContext>
    let signedIn: RouterGroup<SignedInContext>
    let largeBodies: RouterGroup<SignedInContext>
    let pushes: RouterGroup<SignedInContext>
    let answers: RouterGroup<SignedInContext>

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let operation = "\(method) \(path.dropFirst(prefix.count))"
        switch operation {
        case _ where openOperations.contains(operation): open.register(handler, method: method, path: path)
        case "POST /images": largeBodies.register(handler, method: method, path: path)
        case "POST /sync/push": pushes.register(handler, method: method, path: path)
        case "POST /sync/pull", "POST /sync/records": answers.register(handler, method: method, path: path)
        default: signedIn.register(handler, method: method, path: path)
        }
    }
}
