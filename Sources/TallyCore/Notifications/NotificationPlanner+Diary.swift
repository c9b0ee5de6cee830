import Foundation

extension NotificationPlanner {
    /// The bladder diary's reminders while one is kept (``DiaryRun``): at the wake time of each of its days
    /// to note when the person got up, at bedtime to note when they go to bed, and on the morning after its
    /// last day to note getting up and measure the first void, which closes the last night. Each comes at the
    /// usual time of the sleep window, unless the person already noted what it asks for (got up at 05:30
    /// before a 07:00 reminder). A stopped diary reminds of nothing more.
    static func diary(_ sources: NotificationSources) -> [PlannedNotification] {
        guard let run = sources.settings.diaryRun, !run.stopped else { return [] }
        let sleep = sources.settings.sleep
        let marks = sources.sleepMarks
        var planned: [PlannedNotification] = []
        for offset in 0..<run.days {
            let day = run.from.adding(days: offset)
            let window = DiaryDayWindow(day: day, sleep: sleep)
            let title = "Bladder diary, day \(offset + 1) of \(run.days)"
            if marks.wake(on: day) == nil {
                planned.append(
                    PlannedNotification(
                        due: sources.zone.instant(of: window.wake).roundedDownToSecond, kind: .diary, title: title,
                        body: "Note when you got up, and measure each void today."))
            }
            if marks.bed(on: day) == nil {
                planned.append(
                    PlannedNotification(
                        due: sources.zone.instant(of: window.bed).roundedDownToSecond, kind: .diary, title: title,
                        body: "Note when you go to bed; measure any void in the night."))
            }
        }
        let closing = DiaryDayWindow(day: run.to, sleep: sleep).nextWake
        if marks.wake(on: closing.day) == nil {
            planned.append(
                PlannedNotification(
                    due: sources.zone.instant(of: closing).roundedDownToSecond, kind: .diary,
                    title: "Bladder diary, the last morning",
                    body: "Note when you got up and measure your first void: it closes the diary. Then open the "
                        + "report."))
        }
        return planned
    }
}
