import ArgumentParser
import TallyCore

/// `tally water week [DAY]`: the week calendar in text.
struct WaterWeekCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "A week of water: each day against its goal, and the week against the weekly goal.")

    @Argument(help: "Any day of the week, YYYY-MM-DD (default: this week).") var date: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let day = try date.map { text throws(TallyError) in try LocalDay.parse(text, field: "DATE") }
        let scope = try await store.scope()
        let now = try await scope.now()
        let unit = now.settings.water.unit
        let week = try await scope.water.week(containing: day)
        if json {
            struct WeekJSON: Encodable {
                let from: String
                let to: String
                let firstWeekday: String
                let daysMet: Int
                let days: [WaterDayTotalJSON]
                let progress: WaterPeriodJSON
            }
            return try Output.json(
                WeekJSON(
                    from: week.span.first.description, to: week.span.last.description,
                    firstWeekday: FirstWeekday.name(now.firstWeekday), daysMet: week.daysMet,
                    days: week.days.map { WaterDayTotalJSON($0.total) }, progress: WaterPeriodJSON(week.progress)))
        }
        let this = week.span.contains(now.today) ? "this week" : "the week of \(week.span.first)"
        print(WaterPeriodText.headline(week.progress, unit: unit, this: this))
        if let detail = WaterPeriodText.detail(week.progress, unit: unit) { print(detail) }
        for day in week.days {
            let total = day.total
            let state = day.isFuture ? "" : total.isGoalMet ? "  met" : "  \(total.percent)%"
            let weekday = FirstWeekday.title(total.day.weekday).prefix(3)
            print("\(weekday) \(total.day)  \(unit.format(total.totalML)) of \(unit.format(total.goalML))\(state)")
        }
    }
}
