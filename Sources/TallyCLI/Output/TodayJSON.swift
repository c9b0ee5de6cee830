import Foundation
import TallyCore
import TallyServices

/// `tally today --json`: every tracker's today (``TodayOverview``), as `GET /api/v1/today` has it.
struct TodayJSON: Encodable {
    struct Task: Encodable {
        let skillId: String
        let name: String
        let level: String
        let isDue: Bool
        let carriedFrom: String?
        let ruleDetail: String?
    }

    struct Item: Encodable {
        let id: String
        let title: String
        let at: String
    }

    struct Countdown: Encodable {
        let id: String
        let title: String
        let targetDate: String
        let when: String
    }

    struct Journal: Encodable {
        let written: Bool
        let mood: Int?
    }

    let day: String
    let bathroom: DayJSON
    let water: WaterDayJSON
    let tasks: [Task]
    let reminders: [Item]
    let events: [Item]
    let countdowns: [Countdown]
    let journal: Journal

    init(_ overview: TodayOverview, boundary: DayBoundary) {
        let instant = { (date: Date) in InstantFormat.string(date, in: overview.zone) }
        day = overview.day.description
        bathroom = DayJSON(overview.bathroom, boundary: boundary)
        water = WaterDayJSON(overview.water, boundary: boundary)
        tasks = overview.tasks.map {
            Task(
                skillId: $0.skill.id.text, name: $0.skill.name, level: $0.level.rawValue, isDue: $0.isDue,
                carriedFrom: $0.carriedFrom?.description, ruleDetail: overview.ruleNotes[$0.skill.id])
        }
        reminders = overview.reminders.map { Item(id: $0.id.text, title: $0.fields.title, at: instant($0.fields.date)) }
        events = overview.events.map { Item(id: $0.event.id.text, title: $0.event.fields.title, at: instant($0.at)) }
        countdowns = overview.countdowns.map {
            Countdown(
                id: $0.id.text, title: $0.fields.title, targetDate: instant($0.fields.targetDate),
                when: RelativeTimeFormatter.string($0.breakdown(now: overview.now)))
        }
        journal = Journal(written: overview.journal != nil, mood: overview.journal?.mood?.rating)
    }
}
