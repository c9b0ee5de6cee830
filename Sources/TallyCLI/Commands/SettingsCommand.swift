import ArgumentParser
import Foundation
import TallyCore

struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the time zone, day start, first weekday, bedtime, wake time and birth year.")

    @Option(help: "IANA time zone such as Europe/Berlin; \"\" to use this machine's zone.") var timeZone: String?
    @Option(help: "When a new day starts, HH:MM (default 00:00).") var dayStart: String?
    @Option(help: "The first day of the week: monday ... sunday; \"\" for your zone's country's usual day.")
    var weekStart: String?
    @Option(help: "Bedtime for the bladder diary, HH:MM (default 23:00).") var bedtime: String?
    @Option(help: "Wake time for the bladder diary, HH:MM (default 07:00).") var wakeTime: String?
    @Option(help: "Your birth year, for the bladder diary report's age-adjusted figures; \"\" to forget it.")
    var birthYear: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        var changes: [SettingKey: String] = [:]
        changes[.timeZone] = timeZone
        changes[.dayStart] = dayStart
        changes[.bedtime] = bedtime
        changes[.wakeTime] = wakeTime
        var named: [SettingName: String] = [:]
        named[.weekStart] = weekStart
        named[.birthYear] = birthYear
        let settings =
            changes.isEmpty && named.isEmpty
            ? try await scope.settings.current() : try await scope.settings.update(changes, named: named)
        let firstWeekday = settings.firstWeekday(machine: scope.machineZone)
        let zone = settings.zone(machine: scope.machineZone).identifier
        if json {
            struct SettingsJSON: Encodable {
                let timeZone: String
                let timeZoneIsChosen: Bool
                let dayStart: String
                let bedtime: String
                let wakeTime: String
                let weekStart: String
                let firstWeekday: String
                let birthYear: Int?
            }
            return try Output.json(
                SettingsJSON(
                    timeZone: zone, timeZoneIsChosen: settings.timeZoneID != nil,
                    dayStart: settings.dayStart.description, bedtime: settings.bedtime.description,
                    wakeTime: settings.wakeTime.description, weekStart: settings.value(of: .weekStart),
                    firstWeekday: FirstWeekday.name(firstWeekday), birthYear: settings.birthYear))
        }
        print("Time zone: \(zone)\(settings.timeZoneID == nil ? " (this machine's)" : "")")
        print("Day starts: \(settings.dayStart)")
        print(
            "Week starts: \(FirstWeekday.title(firstWeekday))\(settings.weekStart == nil ? " (your zone's usual day)" : "")"
        )
        print("Bedtime: \(settings.bedtime)")
        print("Wake time: \(settings.wakeTime)")
        print("Birth year: \(settings.birthYear.map(String.init) ?? "not given")")
    }
}
