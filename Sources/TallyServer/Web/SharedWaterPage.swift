import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The public page behind a water share link (``WaterSharePages`` turns it on and off) and its cards:
/// today's progress, this week's (with a weekly goal) and the current streak. The link's token is the
/// credential; a link that is off or was never made is a 404.
struct SharedWaterPage {
    let scopes: UserScopes
    let templates: Templates

    struct PublicView {
        let title = "Water progress"
        let token: String
        let summary: String
        let hasWeekGoal: Bool
        /// The page's own address, for link previews (`og:url`).
        let url: String
    }

    /// The public page behind a share link, or 404 for a link that is off or was never made.
    func publicPage(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (token, scope) = try await sharer(context)
        let today = try await scope.water.today().summary
        let streak = try await scope.water.stats().currentStreak
        let week = try await scope.water.progress(.week)
        let weekText = week.goalML == nil ? "" : " · \(week.percent)% of this week's goal"
        let summary =
            "\(today.percent)% of today's water goal\(weekText) · \(DayText.count(streak, "day", "days")) streak"
        let url = "http://\(request.head.authority ?? "localhost")/shared/\(token)"
        return HTML.response(
            templates.render(
                PublicView(token: token, summary: summary, hasWeekGoal: week.goalML != nil, url: url), .shared,
                for: context))
    }

    func publicCard(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (_, scope) = try await sharer(context)
        let kind = try context.parameters.require("card")
        switch kind {
        case "today.svg":
            let unit = try await scope.now().settings.water.unit
            return WaterSharePages.svg(ShareCard.day(try await scope.water.today().summary, unit: unit))
        case "streak.svg": return WaterSharePages.svg(try await WaterSharePages.streakSVG(scope))
        case "week.svg": return WaterSharePages.svg(try await WaterSharePages.weekSVG(scope))
        default: throw TallyError.notFound(kind: "share card", id: kind)
        }
    }

    /// The link's token and the scope of the one person who shared it; 404 for a link that is off, was
    /// never made, or (impossibly) names two people.
    private func sharer(_ context: TallyRequestContext) async throws -> (token: String, scope: UserScope) {
        let token = try context.parameters.require("token")
        let owners = try await scopes.store.owners(withSetting: .waterShareToken, value: token)
        guard !token.isEmpty, owners.count == 1, let owner = owners.first else {
            throw TallyError.notFound(kind: "shared page", id: "this link")
        }
        return (token, scopes.scope(for: owner))
    }
}
