import Foundation

/// The water nudges of one local day. Up to N nudges are spaced evenly over the waking day (from the wake
/// time to bedtime, measured in real elapsed time, so a day when clocks change keeps even gaps), each in the
/// middle of its share of the day. A nudge is left out when it falls in quiet hours, when a drink was logged
/// within the gap before it, when the day is on pace at that moment (drunk at least the goal times the share
/// of the waking day gone), and every nudge is left out once the goal is met.
///
/// The plan is worked out from what is logged so far: a nudge still to come assumes nothing more is drunk,
/// and planning again after each log drops the ones that log made unneeded.
public struct WaterNudgePlan: Sendable {
    public var day: LocalDay
    /// The waking day: from the wake time to bedtime, in real time.
    public var waking: DateInterval?
    public var nudges: [PlannedNotification]

    /// - Parameters:
    ///   - totalML: drunk so far on `day` (0 for a day not begun).
    ///   - lastDrink: the latest logged drink, if any.
    public init(
        day: LocalDay, settings: UserSettings, preferences: NotificationPreferences, zone: TimeZone, goalML: Double,
        totalML: Double, lastDrink: Date?
    ) {
        self.day = day
        nudges = []
        guard let waking = Self.wakingDay(day, settings: settings, zone: zone) else {
            waking = nil
            return
        }
        self.waking = waking
        let total = WaterDayTotal(day: day, totalML: totalML, goalML: goalML)
        guard preferences.water, !total.isGoalMet else { return }
        let count = preferences.waterPerDay
        let share = waking.duration / Double(count)
        let gap = TimeInterval(preferences.waterGapMinutes * 60)
        let unit = settings.water.unit
        let preset = settings.water.presetsML.first ?? 250
        for index in 0..<count {
            let due = waking.start.addingTimeInterval(share * (Double(index) + 0.5)).roundedDownToSecond
            if let quiet = preferences.waterQuiet, quiet.contains(zone.localDateTime(of: due).timeOfDay) { continue }
            if let lastDrink, lastDrink <= due, due.timeIntervalSince(lastDrink) < gap { continue }
            let elapsed = due.timeIntervalSince(waking.start) / waking.duration
            if totalML + WaterDayTotal.tolerance >= goalML * elapsed { continue }
            nudges.append(
                PlannedNotification(
                    due: due, kind: .water, title: "Time for some water",
                    body:
                        "\(unit.format(totalML)) of \(unit.format(goalML)) today, \(unit.format(total.remainingML)) to go.",
                    action: .addWater(millilitres: preset)))
        }
    }

    /// From the wake time to bedtime of `day`: each time read on the first calendar date, within the local
    /// day (which begins at the day start), where it falls; a bedtime before the wake time is the next
    /// calendar date's. Nil when the two are the same time.
    static func wakingDay(_ day: LocalDay, settings: UserSettings, zone: TimeZone) -> DateInterval? {
        let dayStart = settings.dayStart
        func instant(_ time: TimeOfDay, notBefore earliest: Date?) -> Date {
            var date = time < dayStart ? day.adding(days: 1) : day
            var result = zone.instant(of: LocalDateTime(day: date, time: time))
            while let earliest, result <= earliest {
                date = date.adding(days: 1)
                result = zone.instant(of: LocalDateTime(day: date, time: time))
            }
            return result
        }
        guard settings.wakeTime != settings.bedtime else { return nil }
        let wake = instant(settings.wakeTime, notBefore: nil)
        let bed = instant(settings.bedtime, notBefore: wake)
        return DateInterval(start: wake, end: bed)
    }
}

extension Date {
    /// Whole seconds, so that a plan's keys are the same however the instant was computed.
    var roundedDownToSecond: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
