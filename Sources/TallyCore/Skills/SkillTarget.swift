import Foundation

/// What "done" means for a skill (B-003's tracking metrics): an amount of something a day, a week or a
/// month, such as 30 minutes a day or 3 sessions a week. It labels the task; completion stays partial or
/// full.
public struct SkillTarget: Hashable, Codable, Sendable {
    /// `month` came later than the others: a skill carries it apart so earlier versions can read the
    /// rest (see `SkillFields+Coding.swift`).
    public enum Period: String, Hashable, Codable, Sendable, CaseIterable {
        case day, week, month
    }

    public var amount: Int
    public var unit: String
    public var period: Period

    public init(amount: Int, unit: String, period: Period) {
        self.amount = amount
        self.unit = unit
        self.period = period
    }

    public func validated() throws(TallyError) -> SkillTarget {
        guard (1...10_000).contains(amount) else {
            throw .invalid(field: "targetAmount", reason: "\(amount) is not a target: use 1 to 10,000")
        }
        let unit = try SkillText.name(unit, field: "targetUnit", limit: SkillText.maxUnit)
        return SkillTarget(amount: amount, unit: unit, period: period)
    }

    /// "30 minutes a day".
    public var label: String { "\(amount) \(unit) a \(period.rawValue)" }
}
