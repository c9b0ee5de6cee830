extension RecurrenceSet {
    /// Why reading this set would cost more than `budget` allows a read, in a person's words, or `nil`.
    ///
    /// Meant for when a set is saved, so that no later read meets a rule it cannot afford: a period holding
    /// more candidates than the budget (every second of every day of a year), a month holding more occurrences
    /// than the budget (a month's view of `FREQ=SECONDLY`), a `COUNT` whose last occurrence
    /// takes more than the budget to count to (it is counted here once and kept by ``CountEndCache``, so the
    /// reads that follow seek instead of counting), or a rule whose next occurrence takes more than the budget
    /// to find. A rule that never produces anything is ``barrenRuleReason(budget:)``'s to report, not this.
    /// Costs at most about three budgets per rule.
    public func costProblem(budget: RecurrenceBudget = .perRead) -> String? {
        let table = ZoneOffsetTable(zone: timeZone)
        let steps = budget.operations.grouped
        for rule in rules {
            let plan = RulePlan(rule: rule, start: start.localDateTime)
            if plan.candidatesPerPeriod > budget.operations {
                return "this rule repeats too often to plan: one \(rule.frequency.unitName) of it holds up to "
                    + "\(plan.candidatesPerPeriod.grouped) times, more than the \(steps) a read may look at"
            }
            let perMonth = min(Self.occurrencesPerDayBound(plan) * 31, rule.count ?? Int.max)
            if perMonth > budget.operations {
                return "this rule repeats too often to plan: a month of it holds up to \(perMonth.grouped) times, "
                    + "more than the \(steps) a read may look at"
            }
            if let count = rule.count {
                let meter = OperationMeter(budget)
                let end = CountEndCache.shared.end(of: rule, start: start.localDateTime, table: table, meter: meter)
                if end == nil || meter.isExceeded {
                    return "this rule repeats too often to plan: counting its \(count.grouped) occurrences takes "
                        + "more than \(steps) steps; give an end date (UNTIL) instead of COUNT"
                }
            }
            var open = rule
            open.count = nil
            open.until = nil
            let alone = RecurrenceSet(start: start, rules: [open], floatingTimeZone: floatingTimeZone)
            do {
                _ = try alone.firstOccurrences(3, budget: budget)
            } catch {
                return "this rule's times are too far apart to plan: finding the next one takes more than "
                    + "\(steps) steps"
            }
        }
        return nil
    }

    /// About the most times a rule occurs in one day: its allowed times of day, and for rules below a day no
    /// more than one per period (a fall-back day's repeated hour is not counted; this is a bound for planning).
    static func occurrencesPerDayBound(_ plan: RulePlan) -> Int {
        let hours = plan.hourMask.nonzeroBitCount
        let minutes = plan.minuteMask.nonzeroBitCount
        let seconds = (plan.secondMask & ((UInt64(1) << 60) - 1)).nonzeroBitCount
        switch plan.frequency {
        case .secondly: return min(86_400 / plan.interval + 1, hours * minutes * seconds)
        case .minutely: return min(1_440 / plan.interval + 1, hours * minutes) * max(1, plan.offsetsInPeriod.count)
        case .hourly: return min(24 / plan.interval + 1, hours) * max(1, plan.offsetsInPeriod.count)
        default: return plan.timesOfDay.count
        }
    }
}

extension Int {
    /// The number with thousands separators, as a person writes it: `1,000,000`.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
