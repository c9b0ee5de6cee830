import Foundation
import TallyCore
import TallyMCP
import TallyServices

/// The API's JSON for the MCP server's tools and resources: the operations' own values
/// (``APIReads``, ``APIValue``), written as the API writes them (keys sorted, instants in UTC with
/// milliseconds). `tally serve` answers `/mcp` with it and `tally mcp` its standard output.
public struct TallyAPIAnswers: APIAnswers {
    public init() {}

    public func today(_ scope: UserScope) async throws -> Data {
        try Self.json(try await APIReads.today(scope))
    }

    /// A day's water, bathroom events, skills' tasks and journal entry (none when the day has none).
    public func day(_ day: LocalDay, _ scope: UserScope) async throws -> Data {
        struct Day: Encodable {
            let date: String
            let water: Components.Schemas.WaterDay
            let bathroom: Components.Schemas.BathroomEventList
            let skills: Components.Schemas.SkillsDay
            let journal: Components.Schemas.DailyEntry?
        }
        return try Self.json(
            Day(
                date: day.description, water: try await APIReads.waterDay(day, scope),
                bathroom: try await APIReads.bathroomEvents(from: day, to: day, scope),
                skills: try await APIReads.skillsDay(day, scope),
                journal: try await scope.journal.entry(on: day).map(APIValue.dailyEntry)))
    }

    public func waterStats(_ scope: UserScope) async throws -> Data {
        try Self.json(try await APIReads.waterStats(scope))
    }

    public func diaryReport(from: LocalDay, to: LocalDay, _ scope: UserScope) async throws -> Data {
        try Self.json(try await APIReads.diaryReport(from: from, to: to, scope))
    }

    public func waterEntry(_ entry: WaterEntry, _ scope: UserScope) async throws -> Data {
        try Self.json(APIValue.waterEntry(entry, boundary: try await scope.now().settings.boundary))
    }

    public func bathroomEvent(_ event: BathroomEvent, _ scope: UserScope) async throws -> Data {
        try Self.json(APIValue.event(event, boundary: try await scope.now().settings.boundary))
    }

    public func completion(_ completion: SkillCompletion) throws -> Data {
        try Self.json(
            Components.Schemas.SkillCompletion(
                skillId: completion.skillID.text, day: completion.day.description,
                level: APIValue.level(completion.level), ruleDetail: completion.ruleDetail))
    }

    public func reminder(_ reminder: Reminder) throws -> Data {
        try Self.json(APIValue.reminder(reminder))
    }

    public func journalEntry(_ entry: JournalEntry) throws -> Data {
        try Self.json(APIValue.dailyEntry(entry))
    }

    /// As the API's configuration writes a body (``InstantTranscoder``, sorted keys).
    static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try InstantTranscoder().encode(date))
        }
        return try encoder.encode(value)
    }
}
