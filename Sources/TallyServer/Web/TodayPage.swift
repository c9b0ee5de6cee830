import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Every tracker's today at a glance (``TodayOverview``): the bathroom count with one-tap logging, the
/// water ring with its presets, the skills' tasks with their ½ and ✓, today's reminders and events, the
/// nearest countdowns and the journal's prompt, each linking to its screen.
struct TodayPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "Today"
        let heading: String
        let count: Int
        /// The bladder diary being kept, in words ("Day 2 of 3 · 6 voids measured"), and where it opens.
        let diary: DiaryLine?
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

    struct DiaryLine {
        let headline: String
        let href: String
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

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let overview = try await TodayOverview(scope: scope)
        let settings = try await scope.settings.current()
        let water = settings.water
        let unit = overview.unit
        let view = View(
            heading: DayText.heading(overview.day), count: overview.bathroom.count,
            diary: try await scope.diaryRun.progress().map {
                DiaryLine(
                    headline: $0.headline,
                    href: $0.phase == .finished ? DiaryPage.run($0).reportHref : DiaryPage.path)
            },
            ring: RingView(overview.water.summary, unit: unit),
            presets: WaterPages.Preset.all(water),
            tasks: overview.tasks.map {
                SkillsViews.Task($0, returnTo: "/", ruleDetail: overview.ruleNotes[$0.skill.id])
            },
            hasSkills: try await !scope.skills.all().isEmpty,
            agenda: Self.agenda(overview), countdowns: Self.countdowns(overview),
            journal: JournalPrompt(
                written: overview.journal != nil, mood: overview.journal?.mood.map { "\($0.emoji) \($0.name)" }),
            zoneOffer: settings.timeZoneID == nil ? scope.machineZone.identifier : nil)
        return HTML.response(templates.render(view, .today))
    }

    static func agenda(_ overview: TodayOverview) -> [AgendaItem] {
        overview.agenda.map {
            AgendaItem(
                time: overview.zone.localDateTime(of: $0.at).timeOfDay.description, title: $0.title,
                kind: $0.kind.rawValue, href: $0.kind == .reminder ? "/dates/reminders" : "/dates/events",
                passed: $0.at < overview.now)
        }
    }

    static func countdowns(_ overview: TodayOverview) -> [Countdown] {
        overview.countdowns.map {
            Countdown(
                title: $0.fields.title, when: RelativeTimeFormatter.string($0.breakdown(now: overview.now)),
                href: "/dates/trackers/\($0.id.text)")
        }
    }
}
