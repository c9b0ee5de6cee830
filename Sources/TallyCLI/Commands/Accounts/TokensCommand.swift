import ArgumentParser
import Foundation
import TallyCore

/// `tally tokens`: device and script tokens of one account, managed on the server's data directory.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens", abstract: "Make, list and revoke a user's API tokens.",
        subcommands: [TokensListCommand.self, TokensCreateCommand.self, TokensRevokeCommand.self],
        defaultSubcommand: TokensListCommand.self)
}

struct TokensCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Make a token and print it, this once.")

    @Argument(help: "What the token is for, e.g. laptop.") var name: String
    @Option(help: "The account it acts for.") var user: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let accounts = try await store.accounts()
        let (text, token) = try await accounts.createToken(for: try await accounts.user(named: user), name: name)
        if json { return try Output.json(TokenJSON(token, text: text)) }
        print(text)
    }
}

struct TokensListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "A user's tokens.")

    @Option(help: "The account.") var user: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let accounts = try await store.accounts()
        let tokens = try await accounts.tokens(of: try await accounts.user(named: user))
        if json { return try Output.json(tokens.map { TokenJSON($0, text: nil) }) }
        if tokens.isEmpty { print("No tokens. Make one: tally tokens create NAME --user \(user)") }
        for token in tokens {
            let used = token.lastUsedAt.map { "last used \(InstantFormat.string($0))" } ?? "never used"
            print("\(token.name)  made \(InstantFormat.string(token.createdAt))  \(used)")
        }
    }
}

struct TokensRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a token; it stops working at once.")

    @Argument(help: "The token's name.") var name: String
    @Option(help: "The account.") var user: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let accounts = try await store.accounts()
        try await accounts.revokeToken(of: try await accounts.user(named: user), name: name)
        print("Revoked \(name).")
    }
}

/// A token in `--json` output: `token` (the secret) only when it was just made.
struct TokenJSON: Encodable {
    let name: String
    let createdAt: String
    let lastUsedAt: String?
    let token: String?

    init(_ token: AccessToken, text: String?) {
        name = token.name
        createdAt = InstantFormat.string(token.createdAt)
        lastUsedAt = token.lastUsedAt.map(InstantFormat.string)
        self.token = text
    }
}
