import Foundation
import Hummingbird
import Logging
import NIOCore
import TallyCore

/// Turns every error into a response: problem+json under `/api/`, an HTML page elsewhere.
/// A 5xx is logged, because it is a bug.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext
    let templates: Templates

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
                HTTPProblem(status: error.status, detail: error.body ?? error.status.reasonPhrase), to: request)
        } catch let error as NIOTooManyBytesError {
            // A body read past its cap anywhere: the client sent too much, not a bug.
            let limit = error.maxBytes.map { " of \($0 / 1024) KB" } ?? ""
            return respond(
                HTTPProblem(status: .contentTooLarge, detail: "the request body is larger than the limit\(limit)"),
                to: request)
        } catch {
            var problem = HTTPProblem(error)
            if let error = error as? TallyError, !Self.isAPI(request), problem.status != .serviceUnavailable {
                problem.detail = FormMessage.text(error)
            }
            if problem.status.code >= 500 {
                context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            return respond(problem, to: request)
        }
    }

    static func isAPI(_ request: Request) -> Bool {
        request.uri.path.hasPrefix("/api/") || request.uri.path == "/openapi.json"
    }

    private func respond(_ problem: HTTPProblem, to request: Request) -> Response {
        var response =
            if Self.isAPI(request) {
                ProblemJSON.response(problem)
            } else {
                HTML.response(templates.errorPage(problem), status: problem.status)
            }
        if let seconds = problem.retryAfter { response.headers[.retryAfter] = String(seconds) }
        if problem.status == .methodNotAllowed {
            response.headers[.allow] = problem.allow ?? "GET, HEAD, POST, PUT, PATCH, DELETE"
        }
        if problem.status == .unauthorized, request.uri.path.hasPrefix("/api/") {
            response.headers[.wwwAuthenticate] = "Bearer"
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
