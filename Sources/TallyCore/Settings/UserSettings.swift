import Foundation
import Recurrence

/// What a user has chosen about time. Stored one field per record so replicas can merge them field by field.
public struct UserSettings: Hashable, Sendable {
    /// The zone the user lives in; nil while none is chosen, and then the machine's zone is used.
    public var timeZoneID: String?
    public var dayStart: TimeOfDay
    public var bedtime: TimeOfDay
    public var wakeTime: TimeOfDay
    public var water: WaterPreferences
    /// The first day of the week the person chose; nil while none is chosen, and then their zone's
    /// country decides (``FirstWeekday``).
    public var weekStart: Weekday?
    /// The year the person was born, when they gave it (the bladder diary's age-adjusted figures).
    public var birthYear: Int?
    /// The bladder diary the person started (three days by default), kept until they start another.
    public var diaryRun: DiaryRun?

    public init(
        timeZoneID: String? = nil, dayStart: TimeOfDay = .midnight,
        bedtime: TimeOfDay = TimeOfDay(hour: 23, minute: 0)!, wakeTime: TimeOfDay = TimeOfDay(hour: 7, minute: 0)!,
        water: WaterPreferences = WaterPreferences(), weekStart: Weekday? = nil,
        birthYear: Int? = nil
    ) {
        self.timeZoneID = timeZoneID
        self.dayStart = dayStart
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.water = water
        self.weekStart = weekStart
        self.birthYear = birthYear
    }

    public static let defaults = UserSettings()

    /// The zone in force: the chosen one, else the machine's.
    public func zone(machine: TimeZone) -> TimeZone {
        timeZoneID.flatMap(TimeZone.init(identifier:)) ?? machine
    }

    /// The first weekday in force: the chosen one, else the one of the country of the zone in force.
    public func firstWeekday(machine: TimeZone) -> Weekday {
        weekStart ?? FirstWeekday.default(zoneID: zone(machine: machine).identifier)
    }

    public var boundary: DayBoundary { DayBoundary(dayStart: dayStart) }
    public var sleep: SleepWindow { SleepWindow(bedtime: bedtime, wakeTime: wakeTime) }
}
