import Foundation
import Recurrence

/// One week or one calendar month: its first and last local day.
public struct WaterSpan: Hashable, Sendable {
    public let period: WaterPeriod
    public let first: LocalDay
    public let last: LocalDay

    /// The week (starting on `firstWeekday`) or month holding `day`.
    public init(_ period: WaterPeriod, containing day: LocalDay, firstWeekday: Weekday = .monday) {
        self.period = period
        switch period {
        case .week:
            first = FirstWeekday.weekStart(of: day, first: firstWeekday)
            last = first.adding(days: 6)
        case .month:
            first = LocalDay(year: day.year, month: day.month, day: 1)!
            last = WaterTrend.next(.month, after: first).adding(days: -1)
        }
    }

    private init(period: WaterPeriod, first: LocalDay, last: LocalDay) {
        self.period = period
        self.first = first
        self.last = last
    }

    /// The span after this one, of the same kind and week start.
    public var next: WaterSpan { shifted(after: true) }

    /// The span before this one.
    public var previous: WaterSpan { shifted(after: false) }

    public var dayCount: Int { first.days(to: last) + 1 }

    public var days: [LocalDay] { (0..<dayCount).map { first.adding(days: $0) } }

    public func contains(_ day: LocalDay) -> Bool { first <= day && day <= last }

    private func shifted(after: Bool) -> WaterSpan {
        switch period {
        case .week:
            let step = after ? 7 : -7
            return WaterSpan(period: .week, first: first.adding(days: step), last: last.adding(days: step))
        case .month:
            let day = after ? last.adding(days: 1) : first.adding(days: -1)
            return WaterSpan(.month, containing: day)
        }
    }
}
