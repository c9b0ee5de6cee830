import Foundation
import MCP
import TallyCore
import TallyServices

/// The reads as resources, for clients that attach data rather than call tools: the same JSON as the
/// read tools (``TallyTool``), at `tally://` addresses.
enum TallyResource {
    static let scheme = "tally://"

    static let list: [Resource] = [
        Resource(
            name: "today", uri: scheme + "today", title: "Today",
            description: TallyTool.readToday.description, mimeType: "application/json"),
        Resource(
            name: "water-stats", uri: scheme + "water/stats", title: "Water stats",
            description: TallyTool.readWaterStats.description, mimeType: "application/json"),
    ]

    static let templates: [Resource.Template] = [
        Resource.Template(
            uriTemplate: scheme + "days/{date}", name: "day", title: "A day",
            description: TallyTool.readDay.description + " The date is YYYY-MM-DD.", mimeType: "application/json"),
        Resource.Template(
            uriTemplate: scheme + "bathroom/diary-report/{from}/{to}", name: "diary-report",
            title: "Bladder diary report",
            description: TallyTool.readDiaryReport.description + " The days are YYYY-MM-DD.",
            mimeType: "application/json"),
    ]

    /// The JSON at `uri`; nil when Tally has no resource there.
    static func read(_ uri: String, scope: UserScope, answers: any APIAnswers) async throws -> Data? {
        guard uri.hasPrefix(scheme) else { return nil }
        let parts = uri.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1 where parts[0] == "today":
            return try await answers.today(scope)
        case 2 where parts == ["water", "stats"]:
            return try await answers.waterStats(scope)
        case 2 where parts[0] == "days":
            return try await answers.day(try LocalDay.parse(parts[1], field: "date"), scope)
        case 4 where parts[0...1] == ["bathroom", "diary-report"]:
            return try await answers.diaryReport(
                from: try LocalDay.parse(parts[2], field: "from"), to: try LocalDay.parse(parts[3], field: "to"),
                scope)
        default:
            return nil
        }
    }
}
