import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Seed 003's Stats and Calendar tabs, with seed 001's weekly and monthly trends.
struct WaterStatsPages {
    let scope: UserScope
    let templates: PageTemplates

    struct Figure {
        let label: String
        let value: String
    }

    struct StatsView {
        let title = "Stats"
        let figures: [Figure]
        let weeklyChart: String
        let monthlyChart: String
        let weekly: [Figure]
        let monthly: [Figure]
    }

    struct CalendarView {
        struct Cell {
            let date: String
            let number: Int
            let label: String
            let percent: Int
            let level: Int
            let met: Bool
            let isToday: Bool
            let isFuture: Bool
        }

        let title = "Calendar"
        let heading: String
        let label: String
        let weekDay: String
        let weekdays: [String]
        let monthGoal: String?
        let blanks: [Int]
        let cells: [Cell]
        let summary: String
        let previous: String
        let next: String
    }

    func stats(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let unit = try await scope.now().settings.water.unit
        let water = scope.water
        let stats = try await water.stats()
        let goal = try await water.currentGoal()
        let weekly = try await water.trend(.week, count: 12)
        let monthly = try await water.trend(.month, count: 12)
        let figures =
            [
                Figure(label: "Total water", value: unit.format(stats.totalML)),
                Figure(label: "Days goal met", value: String(stats.daysMet)),
                Figure(label: "Current streak", value: DayText.count(stats.currentStreak, "day", "days")),
                Figure(label: "Longest streak", value: DayText.count(stats.longestStreak, "day", "days")),
                Figure(label: "Average, 7 days", value: unit.format(stats.average7ML)),
                Figure(label: "Average, 30 days", value: unit.format(stats.average30ML)),
                Figure(label: "Average, all time", value: unit.format(stats.averageAllML)),
                Figure(label: "Daily goal", value: unit.format(goal)),
            ] + Self.periodFigures(try await water.periodStats(), unit: unit)
        func chart(_ trend: WaterTrend, caption: String, every: Int, label: (LocalDay) -> String) -> BarChart {
            BarChart(
                bars: trend.points.map {
                    BarChart.Bar(
                        label: label($0.start), value: unit.value(ofMillilitres: $0.averageML),
                        title: "\(label($0.start)): \(unit.format($0.averageML)) a day")
                }, goal: unit.value(ofMillilitres: goal), caption: caption, labelEvery: every)
        }
        func rows(_ trend: WaterTrend, _ label: (LocalDay) -> String) -> [Figure] {
            trend.points.reversed().map { Figure(label: label($0.start), value: unit.format($0.averageML) + " a day") }
        }
        let weekLabel = { (day: LocalDay) in DayText.short(day) }
        let monthLabel = { (day: LocalDay) in String(DayText.months[day.month - 1].prefix(3)) }
        let view = StatsView(
            figures: figures,
            weeklyChart: chart(weekly, caption: "Average per day, last 12 weeks", every: 3, label: weekLabel).svg,
            monthlyChart: chart(monthly, caption: "Average per day, last 12 months", every: 1, label: monthLabel).svg,
            weekly: rows(weekly, { "Week of \(DayText.short($0))" }),
            monthly: rows(monthly, { DayText.month(year: $0.year, month: $0.month) }))
        return HTML.response(templates.render(view, .waterStats))
    }

    /// This week and this month against their goals, and the weeks and months met, for the periods with a goal.
    static func periodFigures(_ periods: WaterPeriodStats, unit: VolumeUnit) -> [Figure] {
        [(periods.week, periods.weeks, "week", "Weeks"), (periods.month, periods.months, "month", "Months")]
            .flatMap { progress, record, name, plural -> [Figure] in
                guard progress.goalML != nil || record.counted > 0 else { return [] }
                let detail = WaterPeriodText.detail(progress, unit: unit).map { " · \($0)" } ?? ""
                return [
                    Figure(
                        label: "This \(name)", value: WaterPeriodText.headline(progress, unit: unit, this: "") + detail),
                    Figure(label: "\(plural) goal met", value: "\(record.met) of \(record.counted)"),
                ]
            }
    }

    func calendar(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let unit = now.settings.water.unit
        var year = now.today.year
        var month = now.today.month
        if let text = request.uri.queryParameters.get("month") {
            (year, month) = try WaterMonth.parseMonth(String(text))
        }
        let water = try await scope.water.month(year: year, month: month)
        let monthProgress = try await scope.water.progress(.month, containing: water.firstDay)
        let cells = water.days.map { day in
            let total = day.total
            let state = day.isFuture ? "" : total.isGoalMet ? ", goal met" : ", \(total.percent)% of goal"
            return CalendarView.Cell(
                date: total.day.description, number: total.day.day,
                label: "\(DayText.heading(total.day)): \(unit.format(total.totalML))\(state)", percent: total.percent,
                level: WaterCalendarLevel.of(day), met: total.isGoalMet,
                isToday: day.isToday, isFuture: day.isFuture)
        }
        let previous = WaterTrend.previous(.month, before: water.firstDay)
        let next = WaterTrend.next(.month, after: water.firstDay)
        let isThisMonth = (water.firstDay...water.lastDay).contains(now.today)
        let monthGoal = WaterPeriodText.detail(monthProgress, unit: unit).map {
            "\(WaterPeriodText.headline(monthProgress, unit: unit, this: isThisMonth ? nil : "that month")) · \($0)"
        }
        let view = CalendarView(
            heading: DayText.month(year: year, month: month), label: water.label,
            weekDay: (isThisMonth ? now.today : water.firstDay).description,
            weekdays: water.weekdays.map { String(FirstWeekday.title($0).prefix(3)) }, monthGoal: monthGoal,
            blanks: Array(0..<water.leadingBlanks), cells: cells,
            summary: "\(DayText.count(water.daysMet, "day", "days")) goal met · \(unit.format(water.totalML)) in total",
            previous: String(previous.description.prefix(7)), next: String(next.description.prefix(7)))
        return HTML.response(templates.render(view, .waterCalendar))
    }
}
