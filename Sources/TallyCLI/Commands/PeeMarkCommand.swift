import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally pee mark bed|up`: when you went to bed or got up, for the bladder diary's day and night.
struct PeeMarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark", abstract: "Mark when you went to bed or got up (the bladder diary's night).",
        discussion: """
            `tally pee mark bed` and `tally pee mark up` mark now, or --at TIME (HH:MM is the latest such time \
            not in the future). The mark belongs to a diary day: getting up begins that day; going to bed \
            before your usual wake time is the night of the day before. With --day DATE, --at HH:MM is read \
            on that diary day (to bed at 01:30 on the 10th is the night after the 10th). Marking again moves \
            the mark; --clear removes it, and the day follows your bedtime and wake time in Settings again.
            """)

    enum Which: String, ExpressibleByArgument, CaseIterable {
        case bed, up

        var kind: SleepMark.Kind { self == .bed ? .bed : .wake }
    }

    @Argument(help: "bed (went to bed) or up (got up).") var which: Which
    @Option(help: "When: HH:MM, YYYY-MM-DDTHH:MM (in your zone), or ISO 8601 with an offset. Default: now.")
    var at: String?
    @Option(help: "The diary day the mark is for, YYYY-MM-DD (found from the time unless given).") var day: String?
    @Flag(help: "Remove the mark of --day.") var clear = false
    @Flag(help: "Print the mark as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        if clear, day == nil { throw ValidationError("--clear needs --day DATE") }
        if clear, at != nil { throw ValidationError("give --at to move a mark, or --clear to remove it, not both") }
    }

    func run() async throws {
        let service = try await store.scope().sleepMarks
        let day = try day.map { try LocalDay.parse($0, field: "--day") }
        if clear, let day {
            try await service.remove(which.kind, on: day)
            return json ? try Output.json(["removed": day.description]) : print("Removed the mark of \(day).")
        }
        var draft = SleepMarkDraft(kind: which.kind, at: at.map { .typed($0) }, day: day)
        draft.timeField = "--at"
        let mark = try await service.mark(draft)
        if json { return try Output.json(SleepMarkJSON(mark)) }
        print(
            "\(mark.kind.label) at \(mark.localDateTime.minuteText.replacingOccurrences(of: "T", with: " ")) (diary day \(mark.day))."
        )
    }
}

/// A sleep mark in `--json` output.
struct SleepMarkJSON: Encodable {
    let id: String
    let day: String
    /// `bed` or `wake`.
    let kind: String
    let at: String
    let localTime: String
    let timeZone: String

    init(_ mark: SleepMark) {
        id = mark.id.text
        day = mark.day.description
        kind = mark.kind.rawValue
        at = InstantFormat.string(mark.at)
        localTime = mark.localDateTime.minuteText
        timeZone = mark.timeZoneID
    }
}
