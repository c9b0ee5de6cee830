import ArgumentParser
import TallyServices

/// `tally pee diary stop`: end the diary being kept today, or forget one not begun or already over.
struct PeeDiaryStopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "End the bladder diary early (its days so far stay in its report).")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let stopped = try await scope.diaryRun.stop()
        let progress = try await scope.diaryRun.progress()
        if json { return try Output.json(progress.map(DiaryRunJSON.init) ?? DiaryRunJSON.none) }
        switch stopped {
        case .endedEarly(let run): print("Stopped the diary: it keeps \(run.from) to \(run.to).")
        case .forgotten(let run): print("Forgot the diary of \(run.from) to \(run.to).")
        }
    }
}
