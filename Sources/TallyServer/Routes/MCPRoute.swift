import Foundation
import HTTPTypes
import Hummingbird
import TallyMCP

/// `POST /mcp`: the MCP server (``MCPEndpoint``) acting for the person whose Bearer token signs the
/// request, on the API's router: errors before it (no token, a body too large) are problem+json, a 401
/// with its `WWW-Authenticate: Bearer` challenge. Its other methods answer 405: the endpoint is stateless,
/// so there is no stream to GET and no session to DELETE.
struct MCPRoute {
    static let path = MCPEndpoint.path
    static let refusedMethods: [HTTPRequest.Method] = [.get, .put, .patch, .delete]

    let endpoint: MCPEndpoint

    func register(on group: RouterGroup<SignedInContext>) {
        group.post(RouterPath(Self.path)) { request, context in try await respond(request, context) }
    }

    /// The 405s, as `METHOD /mcp` (routes that answer no caller).
    static func registerRefusals(on router: Router<TallyRequestContext>) -> Set<String> {
        for method in refusedMethods {
            router.on(RouterPath(path), method: method) { request, _ -> Response in
                var problem = HTTPProblem(
                    status: .methodNotAllowed, detail: "\(request.method) is not allowed here: use POST")
                problem.allow = "POST"
                throw problem
            }
        }
        return Set(refusedMethods.map { "\($0) \(RouterPath(path))" })
    }

    private func respond(_ request: Request, _ context: SignedInContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: BodyLimitMiddleware.standard)
        var headers: [String: String] = [:]
        for field in request.headers {
            headers[field.name.canonicalName] =
                headers[field.name.canonicalName].map { "\($0), \(field.value)" }
                ?? field.value
        }
        let answer = await endpoint.respond(
            to: .init(method: request.method.rawValue, headers: headers, body: Data(body.readableBytesView)),
            for: context.scope)
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return Response(
            status: .init(code: answer.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }
}
