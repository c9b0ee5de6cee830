import Foundation

/// A week's or a month's water against its goal, as of today: how far, how much is left, the days left
/// (today included) and what each of them needs from now on to make it.
public struct WaterPeriodProgress: Hashable, Sendable {
    public let span: WaterSpan
    public let totalML: Double
    /// Nil while no goal of this period is set.
    public let goalML: Double?
    public let today: LocalDay

    public init(span: WaterSpan, totalML: Double, goalML: Double?, today: LocalDay) {
        self.span = span
        self.totalML = totalML
        self.goalML = goalML
        self.today = today
    }

    public init(span: WaterSpan, totals: WaterDayTotals, goals: WaterPeriodGoalHistory, today: LocalDay) {
        self.init(
            span: span, totalML: totals.sum(from: span.first, to: span.last), goalML: goals.goal(for: span),
            today: today)
    }

    /// Met within the same half millilitre as a day's goal.
    public var isMet: Bool { goalML.map { totalML + WaterDayTotal.tolerance >= $0 } ?? false }

    /// From 0 to 1; 0 without a goal.
    public var progress: Double {
        guard let goalML, goalML > 0 else { return 0 }
        return min(max(totalML / goalML, 0), 1)
    }

    /// As a whole percentage, 100 only when met.
    public var percent: Int { isMet ? 100 : min(Int((progress * 100).rounded(.down)), 99) }

    /// What is still to drink, never below zero; 0 without a goal.
    public var remainingML: Double {
        guard let goalML, !isMet else { return 0 }
        return goalML - totalML
    }

    /// The days of the span from today on, today included: all of them for a span still to come, none for
    /// one that is over.
    public var daysLeft: Int {
        if today > span.last { return 0 }
        if today < span.first { return span.dayCount }
        return today.days(to: span.last) + 1
    }

    /// What each day left needs, from today on, to meet the goal; nil without a goal, once it is met, or
    /// when no day is left.
    public var neededPerDayML: Double? {
        guard goalML != nil, !isMet, daysLeft > 0 else { return nil }
        return remainingML / Double(daysLeft)
    }

    /// Whether the span is over (its last day is before today).
    public var isOver: Bool { span.last < today }
}
