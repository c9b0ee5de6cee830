import Foundation
import TallyCore
import TallyServices

/// The API's reads as values, each made from the services for a person's scope: the operations answer
/// them, and so do the MCP server's read tools (``TallyAPIAnswers``), so both read one thing.
enum APIReads {
    /// `GET /today`.
    static func today(_ scope: UserScope) async throws -> Components.Schemas.Today {
        let overview = try await TodayOverview(scope: scope)
        return APIValue.today(overview, boundary: try await scope.now().settings.boundary)
    }

    /// `GET /water/days/{day}`.
    static func waterDay(_ day: LocalDay, _ scope: UserScope) async throws -> Components.Schemas.WaterDay {
        let water = try await scope.water.day(day)
        let settings = try await scope.now().settings
        return APIValue.waterDay(water, unit: settings.water.unit, boundary: settings.boundary)
    }

    /// `GET /bathroom/events?from=&to=&limit=&before=`.
    static func bathroomEvents(
        from: LocalDay, to: LocalDay, limit: Int? = nil, before: RecordCursor? = nil, _ scope: UserScope
    ) async throws -> Components.Schemas.BathroomEventList {
        let page = try await scope.bathroom.events(from: from, to: to, limit: limit, before: before)
        let boundary = try await scope.now().settings.boundary
        return .init(
            from: from.description, to: to.description, count: page.count, next: page.next?.text,
            events: page.records.map { APIValue.event($0, boundary: boundary) })
    }

    /// `GET /skills/day?date=`.
    static func skillsDay(_ day: LocalDay?, _ scope: UserScope) async throws -> Components.Schemas.SkillsDay {
        let home = try await scope.skills.home(day: day)
        return .init(
            day: home.selected.description, greeting: home.greeting.title,
            tasks: home.tasks.map { APIValue.task($0, ruleDetail: home.ruleNotes[$0.skill.id]) })
    }

    /// `GET /water/stats`.
    static func waterStats(_ scope: UserScope) async throws -> Components.Schemas.WaterStats {
        let water = scope.water
        return APIValue.waterStats(
            try await water.stats(), goalML: try await water.currentGoal(),
            weekly: try await water.trend(.week, count: 12), monthly: try await water.trend(.month, count: 12),
            periods: try await water.periodStats())
    }

    /// `GET /bathroom/diary/report?from=&to=`.
    static func diaryReport(
        from: LocalDay, to: LocalDay, _ scope: UserScope
    ) async throws -> Components.Schemas.BladderDiaryReport {
        try APIValue.report(try await scope.bathroom.report(from: from, to: to))
    }
}
