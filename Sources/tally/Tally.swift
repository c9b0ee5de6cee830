import ArgumentParser
import TallyCLI

/// The `tally` executable: the root command of TallyCLI, run asynchronously.
@main
struct Tally: AsyncParsableCommand {
    static let configuration = TallyCommand.configuration
}
