import Foundation

/// One diary day as clinicians count it: from getting up to getting up the next morning, on the wall clock.
///
/// The day part runs from wake time to bedtime and the night (the main sleep period) from bedtime to the
/// next wake time. Each of the three is the person's mark on the day where they gave one (``SleepMarks``),
/// and the sleep window of Settings otherwise. A bedtime at or before the wake time on the clock (00:30
/// with a 07:00 wake time) falls after midnight, on the next calendar day.
public struct DiaryDayWindow: Hashable, Sendable {
    public let day: LocalDay
    public let wake: LocalDateTime
    public let bed: LocalDateTime
    public let nextWake: LocalDateTime
    public let sleep: SleepWindow

    public let marks: SleepMarks

    public init(day: LocalDay, sleep: SleepWindow, marks: SleepMarks = .none) {
        self.day = day
        self.sleep = sleep
        self.marks = marks
        wake = marks.wake(on: day) ?? LocalDateTime(day: day, time: sleep.wakeTime)
        let bedDay = sleep.bedtime > sleep.wakeTime ? day : day.adding(days: 1)
        let usualBed = LocalDateTime(day: bedDay, time: sleep.bedtime)
        let nextDay = day.adding(days: 1)
        nextWake = marks.wake(on: nextDay) ?? LocalDateTime(day: nextDay, time: sleep.wakeTime)
        // A mark wins; the usual bedtime is kept inside the marked morning and evening around it.
        bed = marks.bed(on: day) ?? min(max(usualBed, wake), nextWake)
    }

    /// The next diary day's window, with the same sleep window and marks.
    public var next: DiaryDayWindow { DiaryDayWindow(day: day.adding(days: 1), sleep: sleep, marks: marks) }

    /// Whether a wall-clock reading lies in the waking part, wake time to bedtime.
    public func isAwake(_ time: LocalDateTime) -> Bool { wake <= time && time < bed }

    /// Whether a wall-clock reading lies in the night, bedtime to the next wake time.
    public func isNight(_ time: LocalDateTime) -> Bool { bed <= time && time < nextWake }

    /// The night's length in hours as a clock in `zone` measures it: 7 on a spring-forward night that the
    /// wall clock reads as 8.
    public func nightHours(in zone: TimeZone) -> Double {
        zone.instant(of: nextWake).timeIntervalSince(zone.instant(of: bed)) / 3600
    }
}
