import ArgumentParser
import Foundation
import TallyCore

/// `tally users`: the server's accounts, managed on its data directory (as self-hosted servers do).
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Add, list and remove the people who sign in to this server.",
        subcommands: [UsersListCommand.self, UsersAddCommand.self, UsersRemoveCommand.self],
        defaultSubcommand: UsersListCommand.self)
}

struct UsersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every account, oldest first.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let users = try await store.accounts().users()
        if json { return try Output.json(users.map(UserJSON.init)) }
        if users.isEmpty { print("No accounts yet. Add the first (an administrator): tally users add NAME") }
        for user in users { print("\(user.name)\(user.isAdmin ? "  (administrator)" : "")") }
    }
}

struct UsersAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an account; the password is read from standard input.",
        discussion: "The first account is always an administrator and owns the data recorded before accounts.")

    @Argument(help: "The log-in name: 2-32 of a-z, 0-9, '.', '_', '-'.") var name: String
    @Flag(help: "Make the account an administrator.") var admin = false
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let password = try Prompt.secret("Password for \(name): ")
        let user = try await store.accounts().createUser(name: name, password: password, isAdmin: admin)
        if json { return try Output.json(UserJSON(user)) }
        print("Added \(user.name)\(user.isAdmin ? " (administrator)" : "").")
    }
}

struct UsersRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove an account and everything it recorded.")

    @Argument(help: "The log-in name.") var name: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        try await store.accounts().removeUser(named: name)
        print("Removed \(name) and all their data.")
    }
}

/// An account in `--json` output (never its password hash).
struct UserJSON: Encodable {
    let id: String
    let name: String
    let isAdmin: Bool
    let createdAt: String

    init(_ user: UserAccount) {
        id = user.id.text
        name = user.name
        isAdmin = user.isAdmin
        createdAt = InstantFormat.string(user.createdAt)
    }
}
