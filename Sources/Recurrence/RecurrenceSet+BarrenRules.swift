import Foundation

extension RecurrenceSet {
    /// Why a rule of the set can never produce an occurrence after `DTSTART`, if one cannot: its `BYxxx`
    /// parts match no date at all (``RecurrenceRule/impossibilityReason``), or stepping by its `INTERVAL`
    /// from this `DTSTART` never reaches a time they allow (`FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11`
    /// from 09:00 only ever reaches minutes 0, 12, 24, 36 and 48).
    ///
    /// The second is shown by arithmetic where it can be (``SubDailyLattice`` for rules below a day, weekdays
    /// for DAILY rules stepping whole weeks), and otherwise found by expanding the rule without `COUNT` or
    /// `UNTIL` for as long as the engine looks before it calls a rule exhausted (a 400-year cycle, or 2^21
    /// steps below a day), so it agrees with what the engine will produce.
    public var barrenRuleReason: String? {
        (try? barrenRuleReason(budget: .unlimited)) ?? nil
    }

    /// ``barrenRuleReason``, or ``RecurrenceError/overBudget(operations:)`` when neither arithmetic nor an
    /// expansion within `budget` can tell (an occurrence so rare that finding it costs more than a read may).
    public func barrenRuleReason(budget: RecurrenceBudget) throws(RecurrenceError) -> String? {
        for rule in rules {
            if let reason = rule.impossibilityReason { return reason }
            var open = rule
            open.count = nil
            open.until = nil
            let alone = RecurrenceSet(start: start, rules: [open], floatingTimeZone: floatingTimeZone)
            if try alone.firstOccurrences(2, budget: budget).count < 2 {
                let local = start.localDateTime
                let time = String(format: "%02d:%02d:%02d", local.hour, local.minute, local.second)
                let step =
                    rule.interval == 1
                    ? rule.frequency.unitName : "\(rule.interval) \(rule.frequency.unitName)s"
                let day = String(format: "%04d-%02d-%02d", local.date.year, local.date.month, local.date.day)
                return
                    "nothing follows DTSTART: every \(step) from \(day) \(time) never falls on what its BY parts allow"
            }
        }
        return nil
    }
}

extension Frequency {
    /// The period's unit in words: `minute` for MINUTELY.
    var unitName: String {
        switch self {
        case .secondly: "second"
        case .minutely: "minute"
        case .hourly: "hour"
        case .daily: "day"
        case .weekly: "week"
        case .monthly: "month"
        case .yearly: "year"
        }
    }
}
