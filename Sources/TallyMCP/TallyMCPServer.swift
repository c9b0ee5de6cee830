import Foundation
import MCP
import TallyCore
import TallyServices

/// An MCP server that acts for one person (their ``UserScope``): the tools (``TallyTool``) and resources
/// (``TallyResource``) over their data, answering the API's JSON (``APIAnswers``). `tally mcp` runs one
/// on standard input and output; `tally serve` makes one for each request to `/mcp` (``MCPEndpoint``).
public struct TallyMCPServer: Sendable {
    static let instructions = """
        Tally is the person's own tracker: water, a bathroom (bladder) diary, skills and habits, reminders \
        and a journal. Days are the person's, in their time zone and with their day start. Read today \
        (read_today) before logging, to see their units and what is already there.
        """

    let scope: UserScope
    let answers: any APIAnswers

    public init(scope: UserScope, answers: any APIAnswers) {
        self.scope = scope
        self.answers = answers
    }

    /// Serves on standard input and output until the client closes its end.
    public func runOnStandardIO() async throws {
        let server = await server()
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// A server with Tally's tools and resources, not started.
    func server() async -> Server {
        let server = Server(
            name: "tally", version: "1.0.0", title: "Tally", instructions: Self.instructions,
            capabilities: .init(
                resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let (scope, answers) = (scope, answers)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: TallyTool.allCases.map(\.definition)) }
        await server.withMethodHandler(CallTool.self) { call in
            try await Self.call(call, scope: scope, answers: answers)
        }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: TallyResource.list) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in .init(templates: TallyResource.templates) }
        await server.withMethodHandler(ReadResource.self) { read in
            try await Self.read(read.uri, scope: scope, answers: answers)
        }
        return server
    }

    /// A tool's answer: the API's JSON, or the refusal's message as a tool error (`isError`), which the
    /// assistant reads and may act on. A tool Tally does not have is a protocol error.
    static func call(
        _ call: CallTool.Parameters, scope: UserScope, answers: any APIAnswers
    ) async throws
        -> CallTool.Result
    {
        guard let tool = TallyTool(rawValue: call.name) else {
            throw MCPError.invalidParams("Unknown tool: \(call.name)")
        }
        do {
            let arguments = try ToolArguments(call.arguments, tool: tool)
            let json = try await tool.run(arguments, scope: scope, answers: answers)
            let structured = try? JSONDecoder().decode(Value.self, from: json)
            return .init(
                content: [.text(text: String(decoding: json, as: UTF8.self), annotations: nil, _meta: nil)],
                structuredContent: structured?.objectValue != nil ? structured : nil, isError: false)
        } catch {
            return .init(
                content: [.text(text: ToolFailure.message(error), annotations: nil, _meta: nil)], isError: true)
        }
    }

    static func read(_ uri: String, scope: UserScope, answers: any APIAnswers) async throws -> ReadResource.Result {
        let json: Data?
        do {
            json = try await TallyResource.read(uri, scope: scope, answers: answers)
        } catch {
            throw MCPError.invalidParams(ToolFailure.message(error))
        }
        guard let json else { throw MCPError.serverError(code: -32002, message: "Resource not found: \(uri)") }
        return .init(contents: [.text(String(decoding: json, as: UTF8.self), uri: uri, mimeType: "application/json")])
    }
}
