import ArgumentParser
import Foundation
import TallyCore
import TallyServices

struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Every tracker's today at a glance.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let overview = try await TodayOverview(scope: scope)
        let boundary = try await scope.now().settings.boundary
        if json { return try Output.json(TodayJSON(overview, boundary: boundary)) }
        print("Today, \(overview.day)")
        print("Pee events: \(overview.bathroom.count)")
        print("Water: \(WaterText.progress(overview.water.summary, unit: overview.unit))")
        let levels: [CompletionLevel: String] = [.none: "[ ]", .partial: "[½]", .full: "[x]"]
        if overview.tasks.isEmpty { print("Skills: nothing due") }
        for task in overview.tasks {
            let carried = task.carriedFrom.map { " (rolled over from \($0))" } ?? ""
            print("Skill \(levels[task.level] ?? "[ ]") \(task.skill.name)\(carried)")
        }
        let time = { (instant: Date) in overview.zone.localDateTime(of: instant).timeOfDay.description }
        for item in overview.agenda { print("\(item.kind.rawValue) \(time(item.at)) \(item.title)") }
        for countdown in overview.countdowns {
            print(
                "Countdown: \(countdown.fields.title), \(RelativeTimeFormatter.string(countdown.breakdown(now: overview.now)))"
            )
        }
        let mood = overview.journal?.mood.map { ", \($0.name.lowercased())" } ?? ""
        print(overview.journal == nil ? "Journal: not written yet" : "Journal: written\(mood)")
    }
}
