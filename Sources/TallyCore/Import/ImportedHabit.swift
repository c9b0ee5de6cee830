import Foundation

/// A habit read from another tracker (Loop Habit Tracker, Table Habit, Beaver), before it becomes a skill.
public struct ImportedHabit: Hashable, Sendable {
    /// What the habit was done towards on a day: a yes/no habit is done or not; a measured one has a
    /// target amount a day, a week or a month, reached ("at least") or kept under ("at most").
    public struct Measure: Hashable, Sendable {
        public var target: Double
        public var unit: String
        public var period: SkillTarget.Period
        public var atMost: Bool

        public init(target: Double, unit: String, period: SkillTarget.Period = .day, atMost: Bool = false) {
            self.target = target
            self.unit = unit
            self.period = period
            self.atMost = atMost
        }

        /// How much of the day's task an amount is: at or over the target is full, some of it partial;
        /// an "at most" habit is full while the amount stays within the target, and not done above it.
        public func level(of amount: Double) -> CompletionLevel {
            if atMost { return amount >= 0 && amount <= target ? .full : .none }
            if amount >= target { return .full }
            return amount > 0 ? .partial : .none
        }

        /// "7.5 km a day", "at most 3 cigarettes a day".
        public var label: String {
            let amount = target.rounded() == target ? String(Int(target)) : String(target)
            return "\(atMost ? "at most " : "")\(amount) \(unit) a \(period.rawValue)"
        }
    }

    /// A day the other tracker recorded: how much was done, and the note written that day.
    public struct Day: Hashable, Sendable {
        public var day: LocalDay
        public var level: CompletionLevel
        public var note: String?

        public init(day: LocalDay, level: CompletionLevel, note: String? = nil) {
            self.day = day
            self.level = level
            self.note = note
        }
    }

    /// What identifies the habit within its file (its uuid or id there), for provenance ids.
    public var key: String
    /// Where the habit is in its file ("row 3 of Habits.csv"), for error messages.
    public var place: String
    public var name: String
    /// The habit's question and description, kept with the skill as a note.
    public var about: String?
    public var rate: HabitRate
    public var archived: Bool
    /// `#RRGGBB`, when the tracker gave the habit a colour.
    public var colour: String?
    public var measure: Measure?
    public var days: [Day]

    public init(
        key: String, place: String, name: String, about: String? = nil, rate: HabitRate = .daily,
        archived: Bool = false, colour: String? = nil, measure: Measure? = nil, days: [Day] = []
    ) {
        self.key = key
        self.place = place
        self.name = name
        self.about = about
        self.rate = rate
        self.archived = archived
        self.colour = colour
        self.measure = measure
        self.days = days
    }

    /// The predefined category whose colour is nearest to the habit's (by the weighted "redmean" distance,
    /// close to how far apart people see two colours); Personal Development when it has none.
    public var category: PredefinedSkillCategory {
        guard let colour, let rgb = Self.components(colour) else { return .personalDevelopment }
        return PredefinedSkillCategory.allCases.min { lhs, rhs in
            Self.distance(rgb, Self.components(lhs.colour)!) < Self.distance(rgb, Self.components(rhs.colour)!)
        }!
    }

    /// `#RRGGBB` from a signed or unsigned 32-bit ARGB integer (Android's colour ints).
    public static func hex(argb: Int64) -> String {
        let value = UInt32(truncatingIfNeeded: argb) & 0xFF_FFFF
        let digits = String(value, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    static func components(_ hex: String) -> (Double, Double, Double)? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return (Double(value >> 16 & 0xFF), Double(value >> 8 & 0xFF), Double(value & 0xFF))
    }

    static func distance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let redMean = (a.0 + b.0) / 2
        let red = a.0 - b.0
        let green = a.1 - b.1
        let blue = a.2 - b.2
        return (2 + redMean / 256) * red * red + 4 * green * green + (2 + (255 - redMean) / 256) * blue * blue
    }
}

/// How often a habit is due, as trackers write it: `times` in every `days` days (Loop's numerator and
/// denominator, Table Habit's and Beaver's periods).
public struct HabitRate: Hashable, Sendable {
    public var times: Int
    public var days: Int

    public init(times: Int, days: Int) {
        self.times = times
        self.days = days
    }

    public static let daily = HabitRate(times: 1, days: 1)

    /// The nearest frequency a skill has: daily when due every day or more; N a week for a weekly count;
    /// N a month for a count in a month (30 or 31 days, as Loop, Table Habit and Beaver write one);
    /// otherwise every so many days (2 times in 14 days become every 7 days), 2 to 365.
    public var frequency: SkillFrequency {
        guard times > 0, days > 0 else { return .daily }
        if times >= days { return .daily }
        if days == 7 { return .timesPerWeek(times) }
        if days == 30 || days == 31 { return .timesPerMonth(times) }
        let interval = Int((Double(days) / Double(times)).rounded())
        if interval <= 1 { return .daily }
        return .everyDays(min(interval, 365))
    }
}
