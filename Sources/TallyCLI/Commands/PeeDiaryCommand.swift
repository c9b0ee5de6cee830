import ArgumentParser
import Foundation
import TallyCore

struct PeeDiaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Bladder diary summary (frequency-volume chart) over a range of days.")

    @Option(help: "First day, YYYY-MM-DD.") var from: String
    @Option(help: "Last day, YYYY-MM-DD.") var to: String
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let diary = try await store.scope().bathroom.diary(
            from: try LocalDay.parse(from, field: "--from"), to: try LocalDay.parse(to, field: "--to"))
        if json { return try Output.json(DiaryJSON(diary)) }
        func ml(_ value: Double?) -> String {
            value.map { "\(Int(exactly: $0.rounded()).map(String.init) ?? "\($0)") ml" } ?? "not measured"
        }
        print(
            "Bladder diary \(diary.from) to \(diary.to) (\(diary.days) days; night \(diary.sleep.bedtime)-\(diary.sleep.wakeTime))"
        )
        print("  Voids: \(diary.totalVoids), \(String(format: "%.1f", diary.voidsPerDay)) per day")
        print("  Day voids: \(diary.dayVoids), night voids: \(diary.nightVoids), leaks: \(diary.leaks)")
        print("  Measured voids: \(diary.measuredVoids) of \(diary.totalVoids)")
        print(
            "  24-hour volume: \(ml(diary.volumePer24hML)), mean voided: \(ml(diary.meanVoidedVolumeML)), max: \(ml(diary.maxVoidedVolumeML.map(Double.init)))"
        )
        print(
            "  Night volume: \(ml(diary.nightVolumeML.map(Double.init))), nocturnal polyuria index: \(diary.nocturnalPolyuriaIndex.map { String(format: "%.2f", $0) } ?? "not measured")"
        )
        for day in diary.perDay {
            print(
                "  \(day.day): \(day.voids) voids (\(day.dayVoids) day, \(day.nightVoids) night), \(day.leaks) leaks, \(day.volumeML.map { "\($0) ml" } ?? "no volume")"
            )
        }
    }
}

/// The diary in `--json` output.
struct DiaryJSON: Encodable {
    struct Day: Encodable {
        let day: String
        let voids: Int
        let dayVoids: Int
        let nightVoids: Int
        let leaks: Int
        let measuredVoids: Int
        let volumeMl: Int?
    }

    let from: String
    let to: String
    let days: Int
    let bedtime: String
    let wakeTime: String
    let totalVoids: Int
    let voidsPerDay: Double
    let dayVoids: Int
    let nightVoids: Int
    let leaks: Int
    let meanUrgency: Double?
    let measuredVoids: Int
    let volumePer24hMl: Double?
    let meanVoidedVolumeMl: Double?
    let maxVoidedVolumeMl: Int?
    let nightVolumeMl: Int?
    let nocturnalPolyuriaIndex: Double?
    let perDay: [Day]

    init(_ diary: BladderDiary) {
        from = diary.from.description
        to = diary.to.description
        days = diary.days
        bedtime = diary.sleep.bedtime.description
        wakeTime = diary.sleep.wakeTime.description
        totalVoids = diary.totalVoids
        voidsPerDay = diary.voidsPerDay
        dayVoids = diary.dayVoids
        nightVoids = diary.nightVoids
        leaks = diary.leaks
        meanUrgency = diary.meanUrgency
        measuredVoids = diary.measuredVoids
        volumePer24hMl = diary.volumePer24hML
        meanVoidedVolumeMl = diary.meanVoidedVolumeML
        maxVoidedVolumeMl = diary.maxVoidedVolumeML
        nightVolumeMl = diary.nightVolumeML
        nocturnalPolyuriaIndex = diary.nocturnalPolyuriaIndex
        perDay = diary.perDay.map {
            Day(
                day: $0.day.description, voids: $0.voids, dayVoids: $0.dayVoids, nightVoids: $0.nightVoids,
                leaks: $0.leaks, measuredVoids: $0.measuredVoids, volumeMl: $0.volumeML)
        }
    }
}
