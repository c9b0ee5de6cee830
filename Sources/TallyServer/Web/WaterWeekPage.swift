import Foundation
import Hummingbird
import Recurrence
import TallyCore
import TallyServices

/// Seed 003's week calendar beside the month one: seven days from the person's first weekday, each
/// against its daily goal, and the week against the weekly goal.
struct WaterWeekPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        struct Day {
            let date: String
            let weekday: String
            let label: String
            let amount: String
            let percent: Int
            let level: Int
            let met: Bool
            let isToday: Bool
            let isFuture: Bool
        }

        let title = "Calendar"
        let heading: String
        let headline: String
        let detail: String?
        let percent: Int
        let hasGoal: Bool
        let met: Bool
        let days: [Day]
        let summary: String
        let previous: String
        let next: String
        let month: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let day = try request.uri.queryParameters.get("day").map { try LocalDay.parse(String($0), field: "day") }
        let week = try await scope.water.week(containing: day)
        return HTML.response(templates.render(view(week, now: now), .waterWeek))
    }

    private func view(_ week: WaterWeek, now: Now) -> View {
        let unit = now.settings.water.unit
        let span = week.span
        let this = span.contains(now.today) ? "this week" : "that week"
        let days = week.days.map { day in
            let total = day.total
            let state = day.isFuture ? "" : total.isGoalMet ? ", goal met" : ", \(total.percent)% of goal"
            return View.Day(
                date: total.day.description,
                weekday: "\(FirstWeekday.title(total.day.weekday).prefix(3)) \(total.day.day)",
                label: "\(DayText.heading(total.day)): \(unit.format(total.totalML))\(state)",
                amount: "\(unit.number(total.totalML)) of \(unit.format(total.goalML))", percent: total.percent,
                level: WaterCalendarLevel.of(day), met: total.isGoalMet, isToday: day.isToday, isFuture: day.isFuture)
        }
        return View(
            heading: "\(DayText.short(span.first)) – \(DayText.short(span.last)) \(span.last.year)",
            headline: WaterPeriodText.headline(week.progress, unit: unit, this: this),
            detail: WaterPeriodText.detail(week.progress, unit: unit)
                ?? "No weekly goal: set one in Water Settings.",
            percent: week.progress.percent, hasGoal: week.progress.goalML != nil, met: week.progress.isMet,
            days: days, summary: DayText.count(week.daysMet, "day", "days") + " goal met",
            previous: span.previous.first.description, next: span.next.first.description,
            month: String(span.first.description.prefix(7)))
    }
}

/// How strongly a calendar day is coloured: 0 for nothing or a day to come, 1 to 4 by quarters of its goal.
enum WaterCalendarLevel {
    static func of(_ day: WaterMonth.Day) -> Int {
        day.isFuture || day.total.totalML == 0 ? 0 : min(day.total.percent / 25 + 1, 4)
    }
}
