import HTTPTypes
import Hummingbird

/// Methods Tally answers nowhere (TRACE, CONNECT, anything unknown) get 405 with the methods it does
/// answer, rather than a 404 that would say the path does not exist. (A method one API path does not
/// answer is a 405 from the API's router: ``APIPathMethods``.)
struct MethodMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    static let allowed: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.allowed.contains(request.method) else {
            throw HTTPProblem(
                status: .methodNotAllowed, detail: "\(request.method) is not a method Tally answers")
        }
        return try await next(request, context)
    }
}
