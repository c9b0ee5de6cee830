import Foundation
import MCP
import SystemPackage
import TallyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// An MCP client (swift-sdk's own `Client`) connected to a real `tally`: over standard input and output
/// to a `tally mcp` it started, or over HTTP to a `tally serve`'s `/mcp` with a Bearer token.
final class MCPSession: @unchecked Sendable {
    /// A tool's answer: the text of its content, and the JSON in it when it is an object.
    struct Answer {
        let text: String
        let isError: Bool
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
    }

    let client = Client(name: "tally-tests", version: "1.0.0")
    private var child: (process: ChildProcess, input: Int32, output: Int32)?

    /// Starts `tally mcp` (with `arguments`) in `data`'s directory, and connects to it.
    static func standardIO(_ data: TallyBinary, _ arguments: [String] = []) async throws -> MCPSession {
        var environment = ProcessInfo.processInfo.environment
        environment["TALLY_NOW"] = data.now
        environment["TZ"] = data.zone
        environment.merge(data.environment) { $1 }
        let session = MCPSession()
        let (process, input, output) = try ChildProcess.piped(
            TallyBinary.executable.path, ["mcp", "--data-dir", data.dataDirectory.path] + arguments,
            environment: environment)
        session.child = (process, input, output)
        try await session.client.connect(
            transport: StdioTransport(input: FileDescriptor(rawValue: output), output: FileDescriptor(rawValue: input)))
        return session
    }

    /// Connects to `server`'s `/mcp`, sending `token`.
    static func http(_ server: ServerProcess, token: String) async throws -> MCPSession {
        let session = MCPSession()
        let transport = HTTPClientTransport(
            endpoint: URL(string: server.url + "/mcp")!, streaming: false,
            requestModifier: { request in
                var request = request
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                return request
            })
        try await session.client.connect(transport: transport)
        return session
    }

    func call(_ tool: String, _ arguments: [String: Value] = [:]) async throws -> Answer {
        let result: (content: [Tool.Content], isError: Bool?) = try await client.callTool(
            name: tool, arguments: arguments)
        let text = result.content.compactMap { content -> String? in
            if case .text(let text, _, _) = content { return text }
            return nil
        }.joined()
        return Answer(text: text, isError: result.isError == true)
    }

    /// The JSON text of the resource at `uri`.
    func read(_ uri: String) async throws -> String {
        try await client.readResource(uri: uri).compactMap(\.text).joined()
    }

    /// Disconnects; a `tally mcp` sees its input close and ends: its exit code (nil over HTTP).
    @discardableResult
    func close() async -> Int32? {
        await client.disconnect()
        guard let child else { return nil }
        self.child = nil
        Glibc.close(child.input)
        let status = child.process.wait()
        Glibc.close(child.output)
        return status
    }
}

/// Two JSON texts hold the same value (key order and spacing aside).
func sameJSON(_ first: String, _ second: String) -> Bool {
    guard let one = try? JSONSerialization.jsonObject(with: Data(first.utf8)),
        let other = try? JSONSerialization.jsonObject(with: Data(second.utf8))
    else { return false }
    return canonicalJSON(one) != nil && canonicalJSON(one) == canonicalJSON(other)
}

/// A value read from JSON, written again with its keys sorted: equal for equal values.
func canonicalJSON(_ value: Any) -> String? {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
}
