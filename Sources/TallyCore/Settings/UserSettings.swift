import Foundation

/// What a user has chosen about time. Stored one field per record so replicas can merge them field by field.
public struct UserSettings: Hashable, Sendable {
    /// The zone the user lives in; nil while none is chosen, and then the machine's zone is used.
    public var timeZoneID: String?
    public var dayStart: TimeOfDay
    public var bedtime: TimeOfDay
    public var wakeTime: TimeOfDay
    public var water: WaterPreferences

    public init(
        timeZoneID: String? = nil, dayStart: TimeOfDay = .midnight,
        bedtime: TimeOfDay = TimeOfDay(hour: 23, minute: 0)!, wakeTime: TimeOfDay = TimeOfDay(hour: 7, minute: 0)!,
        water: WaterPreferences = WaterPreferences()
    ) {
        self.timeZoneID = timeZoneID
        self.dayStart = dayStart
        self.bedtime = bedtime
        self.wakeTime = wakeTime
        self.water = water
    }

    public static let defaults = UserSettings()

    /// The zone in force: the chosen one, else the machine's.
    public func zone(machine: TimeZone) -> TimeZone {
        timeZoneID.flatMap(TimeZone.init(identifier:)) ?? machine
    }

    public var boundary: DayBoundary { DayBoundary(dayStart: dayStart) }
    public var sleep: SleepWindow { SleepWindow(bedtime: bedtime, wakeTime: wakeTime) }
}
