import ArgumentParser
import Foundation
import TallyCore

struct WaterLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log water (the default).")

    @Argument(help: "How much: 250, 250ml, 1.5l or 8oz (a bare number is in your unit).") var amount: String
    @Option(help: "When: HH:MM, YYYY-MM-DDTHH:MM (in your zone), or ISO 8601 with an offset. Default: now.")
    var at: String?
    @Option(help: "What was drunk, when not plain water (tea, coffee...).") var drink: String?
    @Flag(help: "Print the stored entry as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        let unit = now.settings.water.unit
        let millilitres = try WaterAmounts.parse(amount, unit: unit, field: "AMOUNT")
        let instant = try at.map { text throws(TallyError) in
            try TimeInput.parse(text, now: now.instant, zone: now.zone, field: "--at")
        }
        let entry = try await scope.water.log(amountML: millilitres, at: instant, drinkKind: drink, source: .cli)
        let day = try await scope.water.day(entry.localDay(now.settings.boundary))
        if json { return try Output.json(WaterEntryJSON(entry, boundary: now.settings.boundary)) }
        print("Added \(unit.format(entry.amountML)) at \(entry.localDateTime.timeOfDay) (\(entry.id))")
        print(WaterText.progress(day.summary, unit: unit))
    }
}
