import ArgumentParser
import TallyServices

/// `tally pee diary start`: keep a bladder diary for three days (or --days) from today (or --from).
struct PeeDiaryStartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a 3-day bladder diary: reminders at wake-up and bedtime.",
        discussion: """
            The diary's first day is today unless --from gives another; each diary day runs from getting \
            up to getting up. While it is kept, `tally serve` reminds you through your notification channels \
            at your wake time and bedtime (Settings) to note when you got up and went to bed. Starting a \
            diary replaces the one before.
            """)

    @Option(help: "First diary day, YYYY-MM-DD (today unless given).") var from: String?
    @Option(help: "How many diary days (1 to 14).") var days: Int?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        var draft = DiaryRunDraft(from: from, days: days)
        draft.fromField = "--from"
        let run = try await scope.diaryRun.start(draft)
        guard let progress = try await scope.diaryRun.progress() else { return }
        if json { return try Output.json(DiaryRunJSON(progress)) }
        print("Started a \(run.days)-day bladder diary, \(run.from) to \(run.to).")
        print(progress.headline)
    }
}
