import ArgumentParser
import TallyMCP
import TallyServer

struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the Model Context Protocol on standard input and output, for an assistant on this machine.",
        discussion: """
            An MCP client (Claude Desktop, an editor) starts `tally mcp` and speaks JSON-RPC on its standard \
            input and output: it may log water and bathroom visits, tick skills, add reminders and journal \
            notes, and read today, a day, the water stats and the diary report, as the person this store \
            belongs to. See docs/mcp.md.
            """)

    @Option(help: "Act for this account of a server's store (default: the first account, or this device's).")
    var user: String?
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope(user: user)
        try await TallyMCPServer(scope: scope, answers: TallyAPIAnswers()).runOnStandardIO()
    }
}
