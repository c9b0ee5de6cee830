import ArgumentParser
import Foundation
import TallyCore
import TallyPostgres
import TallySQLite
import TallyServices
import TallyStorage

/// `tally copy --to URL`: moves a whole server's store into another database.
struct CopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy the whole store (every account, its records, pictures, tokens and channels, and the "
            + "server's keys) into another database.",
        discussion: """
            Reads the data directory, or --database, and copies into --to: a postgres:// address or a data \
            directory (its SQLite file is made if there is none). A target that already holds people is refused \
            unless it is an earlier copy of this store (run the same copy again to finish one that stopped) or \
            --into-nonempty is given. Browser sessions are not copied: people sign in again. Ends by comparing \
            both stores per person and kind; exits with status 1 when anything differs.
            """)

    @Option(
        help: ArgumentHelp(
            "Where to copy to: postgres://USER[:PASSWORD]@HOST[:PORT]/DB, 'host=HOST dbname=DB user=USER' "
                + "or a data directory.",
            valueName: "url-or-dir"))
    var to: String

    @Flag(help: "Copy into a target that already holds other people's data, merging with it.")
    var intoNonempty = false

    @Flag(help: "Print the comparison as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let source = try await store.open()
        let target = try await Self.open(to)
        let comparison = try await StoreCopy(from: source, to: target, clock: try SystemClock.fromEnvironment())
            .run(intoNonEmpty: intoNonempty)
        if json {
            try Output.json(comparison)
        } else {
            print("Copied \(store.location) into \(Self.describe(to)).")
            print(Self.table(comparison))
            print(
                comparison.isEqual
                    ? "Both stores hold the same for every person."
                    : "\(comparison.rows.filter { !$0.equal }.count) rows differ.")
        }
        if !comparison.isEqual { throw ExitCode(1) }
    }

    /// A `postgres://` address opens that database; anything else is a data directory.
    static func open(_ destination: String) async throws -> any TallyStore {
        if Self.isDatabaseURL(destination) {
            return try await PostgresStore.open(url: destination, logger: StoreOptions.quiet)
        }
        return try SQLiteStore(directory: URL(fileURLWithPath: destination))
    }

    static func isDatabaseURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
            || DatabaseURL.isKeywordForm(text)
    }

    static func describe(_ destination: String) -> String {
        guard isDatabaseURL(destination), let url = try? DatabaseURL(parsing: destination) else { return destination }
        return "PostgreSQL database \(url.database) at \(url.endpoint)"
    }

    /// The comparison as aligned columns, a row per person and kind; kinds neither store holds of a person
    /// are left out (`--json` keeps them).
    static func table(_ comparison: StoreComparison) -> String {
        let header = ["person", "kind", "source", "target", ""]
        let lines =
            [header]
            + comparison.rows.filter { $0.source > 0 || $0.target > 0 }.map {
                [$0.person, $0.kind, "\($0.source)", "\($0.target)", $0.equal ? "same" : "DIFFERS"]
            }
        let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            line.indices.map { column in
                let cell = line[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 2 || column == 3 ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
