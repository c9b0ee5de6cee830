import TallyCore
import TallyServices

/// `GET /today`: every tracker's today, from the same ``TodayOverview`` the Today page draws.
extension APIValue {
    static func today(_ overview: TodayOverview, boundary: DayBoundary) -> Components.Schemas.Today {
        Components.Schemas.Today(
            day: overview.day.description, bathroomCount: overview.bathroom.count,
            water: waterDay(overview.water, unit: overview.unit, boundary: boundary),
            tasks: overview.tasks.map {
                .init(
                    skillId: $0.skill.id.text, name: $0.skill.name, level: level($0.level), isDue: $0.isDue,
                    carriedFrom: $0.carriedFrom?.description, ruleDetail: overview.ruleNotes[$0.skill.id])
            },
            reminders: overview.reminders.map { .init(id: $0.id.text, title: $0.fields.title, at: $0.fields.date) },
            events: overview.events.map { .init(id: $0.event.id.text, title: $0.event.fields.title, at: $0.at) },
            countdowns: overview.countdowns.map {
                .init(
                    id: $0.id.text, title: $0.fields.title, targetDate: $0.fields.targetDate,
                    when: RelativeTimeFormatter.string($0.breakdown(now: overview.now)))
            },
            journal: .init(written: overview.journal != nil, mood: overview.journal?.mood?.rating))
    }
}
