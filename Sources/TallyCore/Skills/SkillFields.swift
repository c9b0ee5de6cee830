import Foundation

/// The part of a skill a person sets (B-002, B-003, B-007).
public struct SkillFields: Hashable, Codable, Sendable {
    public var name: String
    /// A ``PredefinedSkillCategory`` raw value, or the id of one of the user's ``SkillCategory`` records.
    public var category: String
    public var frequency: SkillFrequency
    /// The first day the skill is practised.
    public var startDay: LocalDay
    /// The last day (inclusive); nil for an open-ended skill. The day after it the skill is archived.
    public var endDay: LocalDay?
    /// Set for a fixed-length challenge ("30-day challenge"); then `endDay` is `startDay + days - 1`.
    public var challengeDays: Int?
    public var target: SkillTarget?
    /// An incomplete task moves on to the next day (F-007).
    public var rollover: Bool
    /// Ask for a review when the time frame ends (B-007).
    public var reviewReminder: Bool

    public init(
        name: String, category: String = PredefinedSkillCategory.personalDevelopment.rawValue,
        frequency: SkillFrequency = .daily, startDay: LocalDay, endDay: LocalDay? = nil, challengeDays: Int? = nil,
        target: SkillTarget? = nil, rollover: Bool = false, reviewReminder: Bool = false
    ) {
        self.name = name
        self.category = category
        self.frequency = frequency
        self.startDay = startDay
        self.endDay = endDay
        self.challengeDays = challengeDays
        self.target = target
        self.rollover = rollover
        self.reviewReminder = reviewReminder
    }

    public static let maxChallengeDays = 3_650

    /// The fields checked, with a challenge's end day worked out. `categories` decides which category
    /// keys exist.
    public func validated(categories: SkillCategories) throws(TallyError) -> SkillFields {
        var fields = self
        fields.name = try SkillText.name(name, field: "name")
        fields.category = try categories.resolve(category).key
        fields.frequency = try frequency.validated()
        fields.target = try target?.validated()
        if let days = challengeDays {
            guard endDay == nil || endDay == startDay.adding(days: days - 1) else {
                throw .invalid(field: "days", reason: "give an end date or a number of days, not both")
            }
            guard (1...Self.maxChallengeDays).contains(days) else {
                throw .invalid(field: "days", reason: "\(days) is not a challenge length: use 1 to 3,650 days")
            }
            fields.endDay = startDay.adding(days: days - 1)
        }
        if let end = fields.endDay, end < startDay {
            throw .invalid(field: "end", reason: "\(end) is before the start date \(startDay)")
        }
        return fields
    }

    /// "Open-ended", "Until 2026-12-31" or "30-day challenge".
    public var timeFrameLabel: String {
        if let days = challengeDays { return "\(days)-day challenge" }
        if let end = endDay { return "\(startDay) to \(end)" }
        return "Open-ended"
    }
}
