import Foundation

/// How a skill's fields are written in sync pages and backups, so that replicas and backups of earlier
/// versions keep working.
///
/// Versions before monthly frequencies decode a skill's `frequency` and its target's `period` strictly:
/// `2/month` or `month` there would fail the whole sync page. So a monthly frequency is written as a
/// weekly stand-in in `frequency` (the nearest weekly pace, at least once a week) with the exact text in
/// `monthlyFrequency`, and a target a month as a target a week with `targetPerMonth` set. An earlier
/// version drops the keys it does not know: it shows the stand-in, and its own edit of that skill keeps
/// only the stand-in. A skill without either is written exactly as before.
extension SkillFields {
    private enum CodingKeys: String, CodingKey {
        case name, category, frequency, startDay, endDay, challengeDays, target, rollover, reviewReminder
        case monthlyFrequency, targetPerMonth
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let standIn = try container.decode(SkillFrequency.self, forKey: .frequency)
        var target = try container.decodeIfPresent(SkillTarget.self, forKey: .target)
        if try container.decodeIfPresent(Bool.self, forKey: .targetPerMonth) == true {
            target?.period = .month
        }
        self.init(
            name: try container.decode(String.self, forKey: .name),
            category: try container.decode(String.self, forKey: .category),
            frequency: try container.decodeIfPresent(SkillFrequency.self, forKey: .monthlyFrequency) ?? standIn,
            startDay: try container.decode(LocalDay.self, forKey: .startDay),
            endDay: try container.decodeIfPresent(LocalDay.self, forKey: .endDay),
            challengeDays: try container.decodeIfPresent(Int.self, forKey: .challengeDays),
            target: target,
            rollover: try container.decode(Bool.self, forKey: .rollover),
            reviewReminder: try container.decode(Bool.self, forKey: .reviewReminder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(category, forKey: .category)
        try container.encode(frequency.weeklyStandIn, forKey: .frequency)
        try container.encode(startDay, forKey: .startDay)
        try container.encodeIfPresent(endDay, forKey: .endDay)
        try container.encodeIfPresent(challengeDays, forKey: .challengeDays)
        var written = target
        if written?.period == .month { written?.period = .week }
        try container.encodeIfPresent(written, forKey: .target)
        try container.encode(rollover, forKey: .rollover)
        try container.encode(reviewReminder, forKey: .reviewReminder)
        if frequency.isMonthly { try container.encode(frequency, forKey: .monthlyFrequency) }
        if target?.period == .month { try container.encode(true, forKey: .targetPerMonth) }
    }
}

extension SkillFrequency {
    /// What an earlier version, which knows no monthly frequency, is given: this frequency itself, or for
    /// a monthly one the nearest whole number of times a week (a month taken as 30 days), 1 to 7.
    var weeklyStandIn: SkillFrequency {
        let timesPerMonth: Int
        switch self {
        case .daily, .timesPerWeek, .weekdays, .everyDays: return self
        case .timesPerMonth(let n): timesPerMonth = n
        case .monthDays(let days): timesPerMonth = days.count
        }
        return .timesPerWeek(min(7, max(1, Int((Double(timesPerMonth) * 7 / 30).rounded()))))
    }
}
