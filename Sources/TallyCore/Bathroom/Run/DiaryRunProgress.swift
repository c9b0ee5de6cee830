/// Where a ``DiaryRun`` stands on a diary day, and the words the diary page, Today and the CLI show.
public struct DiaryRunProgress: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// Its first day has not come.
        case upcoming
        /// Day `day` (from 1) of the run is being kept.
        case keeping(day: Int)
        /// Its last day is over, or the person stopped it.
        case finished
    }

    public let run: DiaryRun
    public let phase: Phase
    /// Voids with a measured volume in the run's diary days so far (a double void counts once).
    public let measuredVoids: Int

    /// `today` is the current diary day (``DiaryRunProgress/diaryDay(of:sleep:marks:)``).
    public init(run: DiaryRun, today: LocalDay, measuredVoids: Int) {
        self.run = run
        self.measuredVoids = measuredVoids
        if run.stopped || today > run.to {
            phase = .finished
        } else if today < run.from {
            phase = .upcoming
        } else {
            phase = .keeping(day: run.from.days(to: today) + 1)
        }
    }

    /// The diary day a wall-clock reading belongs to: a diary day runs from getting up to getting up, so
    /// before the person got up it is still the day before. Getting up is their mark on the date where they
    /// made one (at 05:30, day 2 begins then, not at the usual 07:00), and the wake time of `sleep`
    /// otherwise, as in the report's windows (``DiaryDayWindow``).
    public static func diaryDay(of time: LocalDateTime, sleep: SleepWindow, marks: SleepMarks = .none) -> LocalDay {
        DiaryDayWindow(day: time.day, sleep: sleep, marks: marks).wake <= time ? time.day : time.day.adding(days: -1)
    }

    /// `Day 2 of 3 · 6 voids measured`, `Diary finished: open the report`.
    public var headline: String {
        switch phase {
        case .upcoming: "A \(run.days)-day diary starts on \(run.from), when you get up"
        case .keeping(let day):
            "Day \(day) of \(run.days) · \(measuredVoids) \(measuredVoids == 1 ? "void" : "voids") measured"
        case .finished:
            run.stopped
                ? "Diary stopped after \(run.days) \(run.days == 1 ? "day" : "days"): open the report"
                : "Diary finished: open the report"
        }
    }

    /// `keeping`, `upcoming` or `finished`, for `--json` and the API.
    public var phaseName: String {
        switch phase {
        case .upcoming: "upcoming"
        case .keeping: "keeping"
        case .finished: "finished"
        }
    }

    /// The day being kept (from 1), while one is.
    public var day: Int? {
        if case .keeping(let day) = phase { return day }
        return nil
    }
}
