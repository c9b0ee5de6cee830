import Foundation
import TallyCore
import TallyServices

/// The bladder diary kept for a few days (`/bathroom/diary/run`): through ``DiaryRunService`` and its
/// draft, as the diary page and `tally pee diary start|status|stop`.
extension TallyAPI {
    func getBladderDiaryRun(
        _ input: Operations.GetBladderDiaryRun.Input
    ) async throws -> Operations.GetBladderDiaryRun.Output {
        .ok(.init(body: .json(Self.diaryRun(try await scope.diaryRun.progress()))))
    }

    func startBladderDiaryRun(
        _ input: Operations.StartBladderDiaryRun.Input
    ) async throws -> Operations.StartBladderDiaryRun.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        try await scope.diaryRun.start(DiaryRunDraft(from: body.from, days: body.days))
        return .ok(.init(body: .json(Self.diaryRun(try await scope.diaryRun.progress()))))
    }

    func stopBladderDiaryRun(
        _ input: Operations.StopBladderDiaryRun.Input
    ) async throws -> Operations.StopBladderDiaryRun.Output {
        _ = try await scope.diaryRun.stop()
        return .ok(.init(body: .json(Self.diaryRun(try await scope.diaryRun.progress()))))
    }

    static func diaryRun(_ progress: DiaryRunProgress?) -> Components.Schemas.BladderDiaryRun {
        guard let progress else { return .init(started: false) }
        return .init(
            started: true, from: progress.run.from.description, to: progress.run.to.description,
            days: progress.run.days, stopped: progress.run.stopped,
            phase: .init(rawValue: progress.phaseName), day: progress.day, measuredVoids: progress.measuredVoids,
            headline: progress.headline)
    }
}
