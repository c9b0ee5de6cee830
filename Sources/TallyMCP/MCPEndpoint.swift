import Foundation
import MCP
import TallyServices

/// The server side of MCP's Streamable HTTP transport at `/mcp`, stateless: each POST carries one
/// JSON-RPC message and gets its JSON answer (no SSE stream, no `Mcp-Session-Id`), so any of several
/// `tally serve` processes answers any request and nothing is kept between them. The caller has
/// authenticated the request (a Bearer token) and gives the person's scope; a server for that person
/// answers it (swift-sdk's `StatelessHTTPServerTransport`). GET and DELETE get 405.
public struct MCPEndpoint: Sendable {
    /// An HTTP request, as the web framework hands it over.
    public struct Request: Sendable {
        public var method: String
        public var headers: [String: String]
        public var body: Data

        public init(method: String, headers: [String: String], body: Data) {
            self.method = method
            self.headers = headers
            self.body = body
        }
    }

    /// What to answer.
    public struct Answer: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: Data
    }

    public static let path = "/mcp"
    /// How long one message may take to be answered.
    static let deadline = Duration.seconds(60)

    let answers: any APIAnswers

    public init(answers: any APIAnswers) {
        self.answers = answers
    }

    public func respond(to request: Request, for scope: UserScope) async -> Answer {
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptsJSON(), ContentTypeValidator(), ProtocolVersionValidator(), RequestIDs(),
            ]))
        let server = await TallyMCPServer(scope: scope, answers: answers).server()
        do {
            try await server.start(transport: transport)
        } catch {
            return Self.answer(.error(statusCode: 500, .internalError("the MCP server did not start")))
        }
        // A request the server never answers would hold its HTTP request open for good: at the deadline
        // the server stops, and the transport answers what is still waiting with an error.
        let watchdog = Task {
            try await Task.sleep(for: Self.deadline)
            await server.stop()
        }
        let response = await transport.handleRequest(
            HTTPRequest(method: request.method, headers: request.headers, body: request.body, path: Self.path))
        watchdog.cancel()
        await server.stop()
        return Self.answer(response)
    }

    private static func answer(_ response: HTTPResponse) -> Answer {
        Answer(status: response.statusCode, headers: response.headers, body: response.bodyData ?? Data())
    }

    /// Refuses a request whose `id` is neither a string nor an integer (MCP's rule): the SDK's server
    /// could not answer it under its id, and the HTTP request would wait for that answer.
    struct RequestIDs: HTTPRequestValidator {
        func validate(_ request: HTTPRequest, context: HTTPValidationContext) -> HTTPResponse? {
            guard let body = request.body,
                let message = try? JSONDecoder().decode([String: Value].self, from: body),
                message["method"] != nil, let id = message["id"]
            else { return nil }
            switch id {
            case .string, .int, .null: return nil
            default:
                return .error(
                    statusCode: 400, .invalidRequest("the id must be a string or an integer"))
            }
        }
    }

    /// Accepts a client that takes JSON: one that says so (the spec's clients send `application/json,
    /// text/event-stream`), says `*/*`, or says nothing (curl, scripts); a stateless server never streams.
    struct AcceptsJSON: HTTPRequestValidator {
        func validate(_ request: HTTPRequest, context: HTTPValidationContext) -> HTTPResponse? {
            guard context.httpMethod == "POST", let accept = request.header("Accept") else { return nil }
            let types = accept.split(separator: ",").map {
                $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            }
            guard !types.contains(where: { ["application/json", "application/*", "*/*"].contains($0) }) else {
                return nil
            }
            return .error(statusCode: 406, .invalidRequest("Not Acceptable: the client must accept application/json"))
        }
    }
}
