import Foundation
import TallyCore

/// Keeping a bladder diary for a few days (``DiaryRun``): start it, see how far it has come, stop it.
/// The run is a synced setting, so every replica of the person shows and reminds of the same diary.
public struct DiaryRunService: Sendable {
    let scope: UserScope

    /// What ``stop()`` did.
    public enum Stopped: Sendable, Equatable {
        /// The diary being kept ends on today's diary day; its report keeps the days kept.
        case endedEarly(DiaryRun)
        /// A diary that had not begun, or was already over, is forgotten.
        case forgotten(DiaryRun)
    }

    /// Starts the diary the draft asks for, in place of any other; its reminders follow from the setting.
    @discardableResult
    public func start(_ draft: DiaryRunDraft) async throws -> DiaryRun {
        let now = try await scope.now()
        let run = try draft.run(today: now.today)
        try await store(run)
        return run
    }

    /// The diary and how far it has come, or nil when none was started.
    public func progress() async throws -> DiaryRunProgress? {
        let now = try await scope.now()
        guard let run = now.settings.diaryRun else { return nil }
        let clock = now.zone.localDateTime(of: now.instant)
        let marks = try await scope.sleepMarks.marks(from: clock.day, to: clock.day)
        let today = DiaryRunProgress.diaryDay(of: clock, sleep: now.settings.sleep, marks: SleepMarks(marks))
        let last = min(today, run.to)
        var measured = 0
        if last >= run.from {
            do {
                let report = try await scope.bathroom.report(from: run.from, to: last)
                measured = report.days.flatMap(\.voids).filter(\.isMeasured).count
            } catch TallyError.invalid {
                // Days crowded past what a report reads (``UserScope/rangeReadLimit``): Today and the diary
                // page still show how far the diary has come, counting no measured voids, rather than fail.
            }
        }
        return DiaryRunProgress(run: run, today: today, measuredVoids: measured)
    }

    /// Ends the diary being kept on today's diary day, or forgets one not begun or already over.
    public func stop() async throws -> Stopped {
        guard let progress = try await progress() else {
            throw TallyError.conflict("no bladder diary was started")
        }
        if case .keeping(let day) = progress.phase,
            let ended = progress.run.stopping(on: progress.run.from.adding(days: day - 1))
        {
            try await store(ended)
            return .endedEarly(ended)
        }
        try await store(nil)
        return .forgotten(progress.run)
    }

    private func store(_ run: DiaryRun?) async throws {
        try await scope.settings.update([:], named: [.bladderDiary: run?.description ?? ""])
    }
}
