import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Every tracker's today at a glance (``TodayOverview``): the bathroom count with one-tap logging, the
/// water ring with its presets, the skills' tasks with their ½ and ✓, today's reminders and events, the
/// nearest countdowns and the journal's prompt, each linking to its screen.
struct TodayPage: UserRoutes {
    let scopes: UserScopes
    let templates: Templates

    struct View {
        let title = "Today"
        let heading: String
        let count: Int
        let ring: RingView
        let presets: [WaterPages.Preset]
        let tasks: [SkillsViews.Task]
        let hasSkills: Bool
        let agenda: [AgendaItem]
        let countdowns: [Countdown]
        let journal: JournalPrompt
        /// The zone days are counted in while the person has not chosen one (the server's): the page's
        /// script offers the device's zone when it differs.
        let zoneOffer: String?
    }

    /// A reminder or an event occurrence today, at its time on the person's clock.
    struct AgendaItem {
        let time: String
        let title: String
        let kind: String
        let href: String
        let passed: Bool
    }

    struct Countdown {
        let title: String
        let when: String
        let href: String
    }

    struct JournalPrompt {
        let written: Bool
        let mood: String?
        let href = "/journal"
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let overview = try await TodayOverview(scope: scope)
        let settings = try await scope.settings.current()
        let water = settings.water
        let unit = overview.unit
        let view = View(
            heading: DayText.heading(overview.day), count: overview.bathroom.events.count,
            ring: RingView(overview.water.summary, unit: unit),
            presets: WaterPages.Preset.all(water),
            tasks: overview.tasks.map { SkillsViews.Task($0, returnTo: "/") },
            hasSkills: try await !scope.skills.all().isEmpty,
            agenda: Self.agenda(overview), countdowns: Self.countdowns(overview),
            journal: JournalPrompt(
                written: overview.journal != nil, mood: overview.journal?.mood.map { "\($0.emoji) \($0.name)" }),
            zoneOffer: settings.timeZoneID == nil ? scopes.machineZone.identifier : nil)
        return HTML.response(templates.render(view, "today"))
    }

    static func agenda(_ overview: TodayOverview) -> [AgendaItem] {
        let time = { (instant: Date) in overview.zone.localDateTime(of: instant).timeOfDay.description }
        let reminders = overview.reminders.map {
            (
                $0.fields.date,
                AgendaItem(
                    time: time($0.fields.date), title: $0.fields.title, kind: "Reminder", href: "/dates/reminders",
                    passed: $0.fields.date < overview.now)
            )
        }
        let events = overview.events.map {
            (
                $0.at,
                AgendaItem(
                    time: time($0.at), title: $0.event.fields.title, kind: "Event", href: "/dates/events",
                    passed: $0.at < overview.now)
            )
        }
        return (reminders + events).sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func countdowns(_ overview: TodayOverview) -> [Countdown] {
        overview.countdowns.map {
            Countdown(
                title: $0.fields.title, when: RelativeTimeFormatter.string($0.breakdown(now: overview.now)),
                href: "/dates/trackers/\($0.id.text)")
        }
    }
}
