import ArgumentParser
import Foundation
import TallyCore
import TallyServer

/// `tally pee report`: the bladder diary report a clinician reads, as HTML to print, CSV or JSON.
struct PeeReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Bladder diary report (ICS figures and a chart a day) over a range of diary days.",
        discussion: """
            Each diary day runs from wake time to wake time (see `tally settings`); the last day's night ends \
            with the first void of the morning after --to. --format html writes a document to print (A4 or \
            Letter), csv a row a day, json the whole report (a stable interface: docs/commands.md).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, html, csv, json
    }

    @Option(help: "First diary day, YYYY-MM-DD.") var from: String
    @Option(help: "Last diary day, YYYY-MM-DD.") var to: String
    @Option(help: "text, html, csv or json.") var format: Format = .text
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let report = try await store.scope().bathroom.report(
            from: try LocalDay.parse(from, field: "--from"), to: try LocalDay.parse(to, field: "--to"))
        switch format {
        case .json: try Output.json(BladderDiaryReportDocument(report))
        case .csv: print(DiaryReportCSV.text(report), terminator: "")
        case .html: print(try await DiaryReportHTML.render(report))
        case .text:
            print(
                "Bladder diary report \(report.from) to \(report.to) (up \(report.sleep.wakeTime), bed \(report.sleep.bedtime))"
            )
            for line in DiaryReportText.pageOne(report) {
                print("  \(line.label): \(line.value) (\(line.basis))")
            }
            for day in report.days {
                print(
                    "  \(day.day): \(day.dayFrequency) day, \(day.nightFrequency) night voids; 24-hour "
                        + "\(DiaryReportText.value(day.volume24h)), nocturnal \(DiaryReportText.value(day.nocturnalVolume)), "
                        + "intake \(DiaryReportText.number(day.intakeML, digits: 0)) ml")
            }
        }
    }
}
