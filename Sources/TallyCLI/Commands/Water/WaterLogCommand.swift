import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct WaterLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log water (the default).")

    /// Every word not an option of this command: a negative amount ("-5") looks like an option to the
    /// parser, and must reach the amount's check to be told what is wrong with it.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("How much: 250, 250ml, 1.5l or 8oz (a bare number is in your unit).", valueName: "amount"))
    var words: [String] = []
    @Option(help: "When: HH:MM, YYYY-MM-DDTHH:MM (in your zone), or ISO 8601 with an offset. Default: now.")
    var at: String?
    @Option(help: "What was drunk, when not plain water (tea, coffee...).") var drink: String?
    @Flag(help: "Print the stored entry as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    /// The one amount given.
    var amount: String {
        get throws {
            guard let first = words.first else { throw ValidationError("Missing expected argument '<amount>'") }
            if let extra = words.dropFirst().first {
                throw ValidationError(
                    extra.hasPrefix("-") && Double(extra) == nil
                        ? "Unknown option '\(extra)'" : "give one amount, not '\(first)' and '\(extra)'")
            }
            return first
        }
    }

    func validate() throws { _ = try amount }

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let unit = now.settings.water.unit
        var draft = WaterEntryDraft(amount: .typed(try amount), at: at.map { .typed($0) }, drinkKind: drink)
        (draft.amountField, draft.timeField) = ("AMOUNT", "--at")
        let entry = try await scope.water.log(draft, source: .cli, now: now)
        let day = try await scope.water.day(entry.localDay(now.settings.boundary))
        if json { return try Output.json(WaterEntryJSON(entry, boundary: now.settings.boundary)) }
        print("Added \(unit.format(entry.amountML)) at \(entry.localDateTime.timeOfDay) (\(entry.id))")
        print(WaterText.progress(day.summary, unit: unit))
    }
}
