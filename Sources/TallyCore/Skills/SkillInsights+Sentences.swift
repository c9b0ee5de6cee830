extension SkillInsights.Entry {
    /// One thing an insight says, and what kind of thing it is (a page may style each kind).
    public struct Sentence: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            /// Not enough history yet, and how much more is needed.
            case waiting
            /// How the last weeks went against the weeks before.
            case weeks
            /// How the months went.
            case months
            /// Which weekdays go well and which do not.
            case weekdays
            /// Something the person could change, from what their history shows.
            case suggestion
        }

        public let kind: Kind
        public let text: String

        init(_ kind: Kind, _ text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// What the history says, once there is enough of it; until then, how much more it needs.
    public var sentences: [Sentence] {
        guard hasEnoughHistory else { return [waiting] }
        return [weeks, months, weekdayPattern, partialDays, pace].flatMap { $0 }
    }

    private var waiting: Sentence {
        let days = max(0, SkillInsights.minimumDays - daysTracked)
        let tasks = max(0, SkillInsights.minimumTasks - recentTasks)
        var needs: [String] = []
        if days > 0 { needs.append("\(days) more \(days == 1 ? "day" : "days")") }
        if tasks > 0 { needs.append("\(tasks) more \(tasks == 1 ? "task" : "tasks")") }
        return Sentence(
            .waiting,
            "Insights start after two weeks and \(SkillInsights.minimumTasks) tasks: "
                + "\(needs.joined(separator: " and ")) to go (\(recentTasks) so far).")
    }

    private var weeks: [Sentence] {
        let now = lastFourWeeks.percent
        let before = fourWeeksBefore.percent
        switch trend {
        case .up: return [Sentence(.weeks, "Up from \(before)% to \(now)% over the last four weeks.")]
        case .down: return [Sentence(.weeks, "Down from \(before)% to \(now)% over the last four weeks.")]
        case .steady:
            let both = lastFourWeeks + fourWeeksBefore
            return [Sentence(.weeks, "Steady at about \(both.percent)% over the last eight weeks.")]
        case .new:
            guard lastFourWeeks.tasks >= SkillInsights.minimumPeriodTasks else { return [] }
            return [Sentence(.weeks, "\(now)% over the last four weeks.")]
        }
    }

    private var months: [Sentence] {
        let counted = monthly.filter { $0.score.tasks >= SkillInsights.minimumPeriodTasks }
        guard let first = counted.first, let last = counted.last, counted.count >= 2 else { return [] }
        func name(_ month: SkillInsights.MonthScore) -> String { SkillPeriods.monthName(month.month.month) }
        var result: [Sentence] = []
        let change = last.score.percent - first.score.percent
        if change >= SkillInsights.trendPoints {
            result.append(
                Sentence(
                    .months,
                    "Better month by month: from \(first.score.percent)% in \(name(first)) "
                        + "to \(last.score.percent)% in \(name(last))."))
        } else if change <= -SkillInsights.trendPoints {
            result.append(
                Sentence(
                    .months,
                    "From \(first.score.percent)% in \(name(first)) to \(last.score.percent)% "
                        + "in \(name(last))."))
        }
        if let best = counted.max(by: { $0.score.ratio < $1.score.ratio }), best.month != last.month,
            best.score.percent > last.score.percent
        {
            result.append(Sentence(.months, "Best month so far: \(name(best)) (\(best.score.percent)%)."))
        }
        return result
    }

    /// For skills due on set days (daily, or chosen weekdays): a skill done N times a week on days the
    /// person picks has no weekday that is "hard".
    private var weekdayPattern: [Sentence] {
        switch skill.fields.frequency {
        case .daily, .weekdays: break
        case .timesPerWeek, .everyDays, .timesPerMonth, .monthDays: return []
        }
        let counted = weekdays.indices.filter { weekdays[$0].tasks >= 3 }
        guard counted.count >= 2, let best = counted.max(by: { weekdays[$0].ratio < weekdays[$1].ratio }),
            let worst = counted.min(by: { weekdays[$0].ratio < weekdays[$1].ratio })
        else { return [] }
        let (high, low) = (weekdays[best].percent, weekdays[worst].percent)
        guard high - low >= SkillInsights.weekdayGap else { return [] }
        let bestName = SkillFrequency.weekdayTitle(best + 1) + "s"
        let worstName = SkillFrequency.weekdayTitle(worst + 1) + "s"
        return [
            Sentence(.weekdays, "Best on \(bestName) (\(high)%), hardest on \(worstName) (\(low)%)."),
            Sentence(
                .suggestion,
                "\(worstName) go least well: a smaller target or another time of day on \(worstName) may help."),
        ]
    }

    private var partialDays: [Sentence] {
        let recent = weekdays.reduce(SkillDayScore(), +)
        let done = recent.full + recent.partial
        guard done >= 6, recent.partial * 10 >= done * 4 else { return [] }
        return [
            Sentence(
                .suggestion,
                "Often partly done (\(recent.partial) of \(done) times lately): a smaller target could turn "
                    + "partial days into full ones.")
        ]
    }

    private var pace: [Sentence] {
        guard daysTracked >= 28 else { return [] }
        let done = Int(timesPerWeek.rounded())
        switch skill.fields.frequency {
        case .timesPerWeek(let planned) where done < planned - 1:
            let plan = max(done, 1)
            return [
                Sentence(
                    .suggestion,
                    "Done about \(done) \(done == 1 ? "time" : "times") a week lately against a plan of \(planned): "
                        + "\(plan) a week would match what you do, and you can raise it again.")
            ]
        case .daily where lastFourWeeks.tasks >= 14 && lastFourWeeks.percent < 50:
            let plan = max(1, done)
            return [
                Sentence(
                    .suggestion,
                    "Done on \(lastFourWeeks.percent)% of days lately: planning \(plan) "
                        + "\(plan == 1 ? "time" : "times") a week may be easier to keep.")
            ]
        default:
            return []
        }
    }
}
