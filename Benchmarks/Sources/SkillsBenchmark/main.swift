import Foundation
import TallyCore
import TallySQLite
import TallyServices

// The skills targets of issue 4, over a SQLite store holding 50 skills (every frequency, a third with
// rollover) and three years of completions (each due day done in full 60% of the time, in part 20%):
// the home screen's data and the year heatmap under 5 ms each, through the service as the server calls
// it (store reads included), and the same from memory (the domain alone).

let zone = TimeZone(identifier: "America/New_York")!
let now = TimeInput.parseISO("2026-11-22T08:00:00-05:00", zone: zone)!
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tally-skills-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: directory) }
let store = try SQLiteStore(directory: directory)
let scope = UserScope(store: store, clock: FixedClock(now), machineZone: zone)
let today = try await scope.now().today
let first = today.adding(days: -3 * 365)

func meta(_ counter: Int) -> RecordMeta {
    RecordMeta(
        id: UUID(), ownerID: LocalUser.id, createdAt: now, modifiedAt: now, deviceID: store.deviceID,
        stamp: HLCStamp(millis: now.millisecondsSince1970, counter: counter % 90_000))
}

let frequencies: [SkillFrequency] = [.daily, .timesPerWeek(3), .weekdays([1, 3, 5]), .everyDays(2), .timesPerWeek(1)]
let categories = PredefinedSkillCategory.allCases
var skills: [Skill] = []
for index in 0..<50 {
    let fields = SkillFields(
        name: "Skill \(index)", category: categories[index % categories.count].rawValue,
        frequency: frequencies[index % frequencies.count], startDay: first, rollover: index % 3 == 0)
    skills.append(Skill(meta: meta(index), fields: fields))
}
let setup = SkillBook(skills: skills, log: SkillLog(marks: [], covering: first...today))
var generator = SystemRandomNumberGenerator()
var batch: [AnyRecord] = skills.map { AnyRecord($0) }
var marks: [SkillMark] = []
for offset in 0...first.days(to: today) {
    let day = first.adding(days: offset)
    for task in setup.tasks(on: day) where task.isDue {
        let roll = Int.random(in: 0..<10, using: &generator)
        guard roll < 8 else { continue }
        let level: CompletionLevel = roll < 6 ? .full : .partial
        marks.append(SkillMark(skillID: task.skill.id, day: day, level: level))
        batch.append(
            AnyRecord(SkillCompletion(meta: meta(batch.count), skillID: task.skill.id, day: day, level: level)))
    }
}
let loadStart = ContinuousClock.now
_ = try await store.merge(batch, now: now)
print("loaded 50 skills and \(marks.count) completions over 3 years in \(ContinuousClock.now - loadStart)")

func measure(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
    try await body()  // warm up
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try await body() }
    let (seconds, attoseconds) = ((clock.now - start) / iterations).components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

func report(_ name: String, _ milliseconds: Double, target: Double?) {
    let verdict =
        target.map {
            String(format: "target %.1f ms, ratio %.2f", $0, milliseconds / $0) + (milliseconds <= $0 ? "" : " MISSED")
        } ?? ""
    let label = name.padding(toLength: 40, withPad: " ", startingAt: 0)
    print(label + String(format: "%8.3f ms   ", milliseconds) + verdict)
}

let service = scope.skills
let home = try await measure(500) { _ = try await service.home() }
let heatmap = try await measure(200) { _ = try await service.heatmap() }
let tasks = try await service.home().tasks.count
report("home screen data (\(tasks) tasks, store)", home, target: 5)
report("year heatmap (store)", heatmap, target: 5)

// The domain alone, with the completions already in memory.
let yearWindow = SkillLog.window(from: SkillHeatmap.firstDay(today: today), to: today)
let weekStart = SkillPeriods.weekStart(today)
let weekWindow = SkillLog.window(from: weekStart, to: weekStart.adding(days: 6))
let routine = RoutineDay(day: today, completions: [])
let allCategories = SkillCategories(custom: [])
let settings = try await scope.now()
let weekMarks = marks.filter { weekWindow.contains($0.day) }
let yearMarksInMemory = marks.filter { yearWindow.contains($0.day) }
let homeDomain = await measure(2_000) {
    let book = SkillBook(skills: skills, log: SkillLog(marks: weekMarks, covering: weekWindow))
    _ = SkillsHome(book: book, categories: allCategories, routine: routine, selected: today, now: settings)
}
let heatDomain = await measure(200) {
    let log = SkillLog(marks: yearMarksInMemory, covering: yearWindow)
    _ = SkillHeatmap(book: SkillBook(skills: skills, log: log), today: today)
}
let yearMarks = try await store.skillMarks(owner: LocalUser.id, in: yearWindow)
let marksRead = try await measure(200) { _ = try await store.skillMarks(owner: LocalUser.id, in: yearWindow) }
report("  home screen data (domain only)", homeDomain, target: nil)
report("  year heatmap (domain only)", heatDomain, target: nil)
report("  of which: \(yearMarks.count) completions read", marksRead, target: nil)
