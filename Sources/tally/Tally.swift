import ArgumentParser
import TallyCLI

/// The `tally` executable: the root command of TallyCLI, run asynchronously.
@main
struct Tally: AsyncParsableCommand {
    static let configuration = TallyCommand.configuration

    static func main() async {
        await main(StoreOptionsFirst.arranged(Array(CommandLine.arguments.dropFirst())))
    }
}
