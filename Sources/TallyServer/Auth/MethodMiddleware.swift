import HTTPTypes
import Hummingbird

/// Methods Tally answers nowhere (TRACE, CONNECT, anything unknown) get 405 with the methods it does
/// answer, rather than a 404 that would say the path does not exist; so does a method the API document
/// does not list for one of its paths, with that path's methods. OPTIONS on an API path says them.
struct MethodMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    static let allowed: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options]

    let api: APIPathMethods

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.allowed.contains(request.method) else {
            throw HTTPProblem(
                status: .methodNotAllowed, detail: "\(request.method) is not a method Tally answers")
        }
        if let methods = api.methods(for: request.uri.path), !methods.contains(request.method.rawValue) {
            let allow = (methods + ["OPTIONS"]).joined(separator: ", ")
            if request.method == .options { return Response(status: .noContent, headers: [.allow: allow]) }
            var problem = HTTPProblem(
                status: .methodNotAllowed, detail: "\(request.method) is not allowed here: use \(allow)")
            problem.allow = allow
            throw problem
        }
        return try await next(request, context)
    }
}
