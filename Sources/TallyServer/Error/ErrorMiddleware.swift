import Foundation
import Hummingbird
import Logging
import NIOCore
import TallyCore

/// Turns every error into a response: problem+json on the API's router, an HTML page on the web app's.
/// A 5xx is logged, because it is a bug.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    enum Format {
        /// problem+json (RFC 9457), with a `WWW-Authenticate: Bearer` challenge on a 401.
        case problemJSON
        /// The error page, its message in the person's words.
        case page(Templates)
    }

    let format: Format

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // Hummingbird's own errors (no route, body too large) keep their status.
            return respond(
                HTTPProblem(status: error.status, detail: error.body ?? error.status.reasonPhrase), context)
        } catch let error as NIOTooManyBytesError {
            // A body read past its cap anywhere: the client sent too much, not a bug.
            let limit = error.maxBytes.map { " of \($0 / 1024) KB" } ?? ""
            return respond(
                HTTPProblem(status: .contentTooLarge, detail: "the request body is larger than the limit\(limit)"),
                context)
        } catch {
            var problem = HTTPProblem(error)
            if let error = error as? TallyError, case .page = format, problem.status != .serviceUnavailable {
                problem.detail = FormMessage.text(error)
            }
            if problem.status.code >= 500 {
                context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            return respond(problem, context)
        }
    }

    private func respond(_ problem: HTTPProblem, _ context: Context) -> Response {
        var response: Response
        switch format {
        case .problemJSON:
            response = ProblemJSON.response(problem)
            if problem.status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        case .page(let templates):
            response = HTML.response(templates.errorPage(problem, for: context), status: problem.status)
        }
        if let seconds = problem.retryAfter { response.headers[.retryAfter] = String(seconds) }
        if problem.status == .methodNotAllowed {
            response.headers[.allow] = problem.allow ?? "GET, HEAD, POST, PUT, PATCH, DELETE"
        }
        return response
    }
}

enum ProblemJSON {
    static func response(_ problem: HTTPProblem) -> Response {
        let body: [String: any Sendable] = [
            "type": "about:blank", "title": problem.title, "status": problem.status.code, "detail": problem.detail,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        return Response(
            status: problem.status, headers: [.contentType: "application/problem+json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
