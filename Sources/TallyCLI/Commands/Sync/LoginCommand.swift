import ArgumentParser
import Foundation
import TallyCore
import TallySQLite
import TallyServices

/// `tally login URL [--token TOKEN]`: connects this data directory to a server, as one account.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Connect this data directory to a Tally server, then sync with `tally sync`.",
        discussion: """
            With --token, uses that device token. Without it, asks for your user name and password on \
            standard input and obtains a device token from the server. Your local records then belong to \
            that account; a data directory belongs to one account for good.

            When guesses from elsewhere hold your name back ("too many failed log-ins"), run it with \
            --send-code to have a sign-in code sent to your notification channels, then with --code and \
            that code.
            """)

    @Argument(help: "The server's address, e.g. https://tally.example.org.") var url: String
    @Option(help: "A device token (from the server's `tally tokens create`).") var token: String?
    @Option(help: "The name the new device token gets on the server.") var name: String?
    @Option(help: "A sign-in code sent to your notification channels (see --send-code).") var code: String?
    @Flag(help: "Only send a sign-in code to your notification channels; asks for your user name.")
    var sendCode = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let server = url.hasSuffix("/") ? String(url.dropLast()) : url
        if sendCode { return try await Self.sendCode(server: server) }
        let local = try store.device().store
        let (token, userID) = try await credentials(server: server)
        let account = try await Self.accountName(server: server, token: token) ?? userID.text
        let previous = try await local.syncState()
        if let previous, previous.ownerID != userID {
            throw ValidationError(
                "this data directory belongs to another account (\(previous.ownerID)), not \(account); log in as "
                    + "that account or use another --data-dir")
        }
        let adopted = try await local.adoptOwner(userID, replacing: previous?.ownerID ?? LocalUser.id)
        try await local.configureSync(serverURL: server, token: token, owner: userID)
        print("Logged in to \(server) as \(account).")
        if adopted > 0 { print("\(adopted) local records now belong to this account.") }
        print("Run `tally sync` to send and fetch changes; changes are also pushed in the background.")
    }

    /// The token to use and the account it belongs to.
    private func credentials(server: String) async throws -> (String?, UUID) {
        if let token {
            let transport = HTTPSyncTransport(http: try SyncHTTP(server: server, token: token))
            return (token, try await transport.status().userId)
        }
        let user = try Prompt.line("User name: ")
        let password = try Prompt.secret("Password: ")
        let request = TokenRequest(
            user: user, password: password, name: name ?? "tally CLI on \(Prompt.hostName)", code: code)
        let http = try SyncHTTP(server: server, token: nil)
        let data = try await http.send("auth/tokens", body: try JSONEncoder().encode(request), expecting: 201)
        let answer = try JSONDecoder().decode(TokenAnswer.self, from: data)
        return (answer.token, answer.userId)
    }

    /// Asks the server to send a sign-in code to the channels of the name typed.
    private static func sendCode(server: String) async throws {
        let user = try Prompt.line("User name: ")
        let http = try SyncHTTP(server: server, token: nil)
        _ = try await http.send(
            "auth/sign-in-code", body: try JSONEncoder().encode(["user": user]), expecting: 202)
        print(
            "If \(user) has a notification channel, a sign-in code is on its way there. It works for 10 minutes: "
                + "run `tally login \(server) --code CODE`.")
    }

    /// The account's name, as the server knows it (`GET /api/v1/me`).
    static func accountName(server: String, token: String?) async throws -> String? {
        guard let token else { return nil }
        let data = try await SyncHTTP(server: server, token: token).send("me", body: nil)
        return try JSONDecoder().decode(Me.self, from: data).name
    }

    private struct Me: Decodable {
        let name: String
    }

    private struct TokenRequest: Encodable {
        let user: String
        let password: String
        let name: String
        let code: String?
    }

    private struct TokenAnswer: Decodable {
        let token: String
        let userId: UUID
    }
}

/// Reading what `tally login` asks for.
enum Prompt {
    static func line(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            let what = prompt.lowercased().trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
            throw ValidationError("no \(what) given")
        }
        return line
    }

    /// A password: not echoed when typed at a terminal.
    static func secret(_ prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1, let typed = getpass(prompt) else { return try line(prompt) }
        return String(cString: typed)
    }

    static var hostName: String { ProcessInfo.processInfo.hostName }
}
