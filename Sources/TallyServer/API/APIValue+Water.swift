import Foundation
import Recurrence
import TallyCore
import TallyServices

/// Conversions between the generated water types and the domain.
extension APIValue {
    /// The amount of an entry input: `amountMl`, or `amount` as text; not both.
    /// `amountMl` or `amount` (text in the person's unit), not both; nil for neither.
    static func amount(_ millilitres: Double?, _ text: String?) throws(TallyError) -> WaterEntryDraft.Amount? {
        switch (millilitres, text) {
        case (nil, nil): return nil
        case (let value?, nil): return .millilitres(value)
        case (nil, let text?): return .typed(text)
        default: throw .invalid(field: "amount", reason: "give amountMl or amount, not both")
        }
    }

    static func waterEntry(_ entry: WaterEntry, boundary: DayBoundary) -> Components.Schemas.WaterEntry {
        .init(
            id: entry.id.text, at: entry.at, timeZone: entry.timeZoneID,
            localDay: entry.localDay(boundary).description, localTime: entry.localDateTime.timeOfDay.description,
            amountMl: entry.amountML, drinkKind: entry.drinkKind, source: source(entry.source),
            createdAt: entry.meta.createdAt, modifiedAt: entry.meta.modifiedAt, deviceId: entry.meta.deviceID.text
        )
    }

    static func waterDay(_ day: WaterDay, unit: VolumeUnit, boundary: DayBoundary) -> Components.Schemas.WaterDay {
        let summary = day.summary
        return .init(
            day: day.day.description, totalMl: summary.totalML, goalMl: summary.goalML,
            remainingMl: summary.remainingML, progress: summary.progress, goalMet: summary.isGoalMet,
            unit: self.unit(unit), entryCount: day.count,
            entries: day.entries.map { waterEntry($0, boundary: boundary) })
    }

    static func waterDayTotal(
        _ total: WaterDayTotal, isToday: Bool? = nil, isFuture: Bool? = nil
    ) -> Components.Schemas.WaterDayTotal {
        .init(
            day: total.day.description, totalMl: total.totalML, goalMl: total.goalML, progress: total.progress,
            goalMet: total.isGoalMet, isToday: isToday, isFuture: isFuture)
    }

    static func waterStats(
        _ stats: WaterStats, goalML: Double, weekly: WaterTrend, monthly: WaterTrend, periods: WaterPeriodStats
    ) -> Components.Schemas.WaterStats {
        func points(_ trend: WaterTrend) -> [Components.Schemas.WaterTrendPoint] {
            trend.points.map {
                .init(start: $0.start.description, totalMl: $0.totalML, days: $0.days, averageMl: $0.averageML)
            }
        }
        return .init(
            today: stats.today.description, firstDay: stats.firstDay?.description, goalMl: goalML,
            totalMl: stats.totalML, daysMet: stats.daysMet, currentStreak: stats.currentStreak,
            longestStreak: stats.longestStreak, average7Ml: stats.average7ML, average30Ml: stats.average30ML,
            averageAllMl: stats.averageAllML, weekly: points(weekly), monthly: points(monthly),
            thisWeek: waterPeriodProgress(periods.week), thisMonth: waterPeriodProgress(periods.month),
            weeksMet: periods.weeks.met, weeksCounted: periods.weeks.counted, monthsMet: periods.months.met,
            monthsCounted: periods.months.counted)
    }

    static func waterPeriodProgress(_ progress: WaterPeriodProgress) -> Components.Schemas.WaterPeriodProgress {
        .init(
            period: period(progress.span.period), from: progress.span.first.description,
            to: progress.span.last.description, totalMl: progress.totalML, goalMl: progress.goalML,
            goalMet: progress.isMet, percent: progress.goalML == nil ? 0 : progress.percent,
            remainingMl: progress.remainingML, daysLeft: progress.daysLeft, neededPerDayMl: progress.neededPerDayML)
    }

    static func waterWeek(_ week: WaterWeek, firstWeekday: Weekday) -> Components.Schemas.WaterWeek {
        .init(
            from: week.span.first.description, to: week.span.last.description,
            firstWeekday: weekday(firstWeekday), daysMet: week.daysMet,
            days: week.days.map { waterDayTotal($0.total, isToday: $0.isToday, isFuture: $0.isFuture) },
            progress: waterPeriodProgress(week.progress))
    }

    static func waterRange(_ range: WaterRangeStats) -> Components.Schemas.WaterRange {
        .init(
            from: range.from.description, to: range.to.description, totalMl: range.totalML,
            averageMl: range.averageML, daysMet: range.daysMet, bestDay: range.bestDay.map { waterDayTotal($0) },
            days: range.days.map { waterDayTotal($0) })
    }

    static func waterMonth(_ month: WaterMonth) -> Components.Schemas.WaterMonth {
        .init(
            month: month.label, totalMl: month.totalML, daysMet: month.daysMet,
            days: month.days.map { waterDayTotal($0.total, isToday: $0.isToday, isFuture: $0.isFuture) })
    }
}
