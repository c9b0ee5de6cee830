import Foundation
import Testing

/// Where people stumbled on the command line: the data directory named before the subcommand, and a
/// negative amount read as an unknown option.
@Suite struct CLIStumbleTests {
    @Test func theDataDirectoryMayBeNamedBeforeTheSubcommand() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let other = tally.dataDirectory.appendingPathComponent("elsewhere")
        let logged = try tally.run(["--data-dir", other.path, "water", "300"], useDataDirOption: false)
        #expect(logged.status == 0, "\(logged.stderr)")
        let there = try tally.run(["--data-dir=\(other.path)", "water", "today"], useDataDirOption: false)
        #expect(there.stdout.contains("300 / 2,000 ml"), "\(there.stdout)\(there.stderr)")
        // The default directory (the test's) saw none of it.
        #expect(try tally.run(["water", "today"]).stdout.contains("0 / 2,000 ml"))
    }

    @Test func aNegativeAmountIsRefusedWithTheAmountsMessage() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let refused = try tally.run(["water", "-5"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("must be more than 0"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Unknown option"))
        let litres = try tally.run(["water", "-0.5l"])
        #expect(litres.stderr.contains("must be more than 0 (got -500 ml)"), "\(litres.stderr)")
        let unknown = try tally.run(["water", "250", "--bogus"])
        #expect(unknown.status != 0 && unknown.stderr.contains("Unknown option '--bogus'"))
        #expect(try tally.run(["water", "today"]).stdout.contains("0 / 2,000 ml"))
        #expect(try tally.run(["water", "250", "--drink", "tea"]).status == 0)
    }
}
