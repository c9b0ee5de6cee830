import ArgumentParser
import TallyCore
import TallyServices

/// `tally doctor`: checks what the store keeps beside the records against the records themselves.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the store: the per-day totals of water and bathroom events against the entries.",
        discussion: "Exits with status 1 when anything differs.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let check = try await DayTotalsCheck.run(in: try await store.scope())
        if json {
            struct Side: Encodable {
                let count: Int
                let amountML: Double
                init?(_ total: DayTotal?) {
                    guard let total else { return nil }
                    (count, amountML) = (total.count, total.amountML)
                }
            }
            struct Difference: Encodable {
                let series: String
                let day: String
                let kept: Side?
                let recomputed: Side?
            }
            struct Report: Encodable {
                let waterDays: Int
                let bathroomDays: Int
                let differences: [Difference]
            }
            try Output.json(
                Report(
                    waterDays: check.days[.water] ?? 0, bathroomDays: check.days[.bathroom] ?? 0,
                    differences: check.differences.map {
                        Difference(
                            series: $0.series.rawValue, day: $0.day.description, kept: Side($0.kept),
                            recomputed: Side($0.recomputed))
                    }))
        } else {
            print(
                "Day totals: \(check.days[.water] ?? 0) days of water, \(check.days[.bathroom] ?? 0) days of "
                    + "bathroom events checked against their entries.")
            for difference in check.differences {
                print(
                    "  \(difference.series.rawValue) \(difference.day): kept \(Self.describe(difference.kept)), "
                        + "entries add up to \(Self.describe(difference.recomputed))")
            }
            print(check.differences.isEmpty ? "No difference." : "\(check.differences.count) days differ.")
        }
        if !check.differences.isEmpty { throw ExitCode(1) }
    }

    private static func describe(_ total: DayTotal?) -> String {
        guard let total else { return "nothing" }
        return total.series == .water ? "\(total.count) entries, \(total.amountML) ml" : "\(total.count) events"
    }
}
