import Foundation

/// One day as the insights across trackers read it: what was drunk (all day, and in the evening before
/// bed), the bathroom visits of the day and of the night that followed it, the journal's mood, and the
/// skills done. Nil means nothing of that tracker was logged that day (not zero).
public struct InsightDay: Hashable, Sendable {
    public let day: LocalDay
    public var waterML: Double?
    /// Water in the three hours before bedtime.
    public var eveningWaterML: Double?
    /// Bathroom visits from wake time to bedtime.
    public var dayVisits: Int?
    /// Bathroom visits in the night after the day (bedtime to the next wake time); nil while that night is
    /// not over or nothing was logged around it.
    public var nightVisits: Int?
    public var mood: Int?
    /// Skills done in full; nil when the person had no skill that day.
    public var skillsDone: Int?

    public init(
        day: LocalDay, waterML: Double? = nil, eveningWaterML: Double? = nil, dayVisits: Int? = nil,
        nightVisits: Int? = nil, mood: Int? = nil, skillsDone: Int? = nil
    ) {
        self.day = day
        self.waterML = waterML
        self.eveningWaterML = eveningWaterML
        self.dayVisits = dayVisits
        self.nightVisits = nightVisits
        self.mood = mood
        self.skillsDone = skillsDone
    }
}
