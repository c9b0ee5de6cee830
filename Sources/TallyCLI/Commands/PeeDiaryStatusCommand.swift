import ArgumentParser
import TallyServices

/// `tally pee diary status`: how far the diary being kept has come.
struct PeeDiaryStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "How far the bladder diary you started has come.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let progress = try await store.scope().diaryRun.progress()
        if json { return try Output.json(progress.map(DiaryRunJSON.init) ?? DiaryRunJSON.none) }
        guard let progress else {
            return print("No diary started (tally pee diary start keeps one for 3 days).")
        }
        print("Bladder diary \(progress.run.from) to \(progress.run.to): \(progress.headline)")
        if progress.phase == .finished {
            print("tally pee report --from \(progress.run.from) --to \(progress.run.to)")
        }
    }
}
