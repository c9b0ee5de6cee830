import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Seed 003's Share screen: a card for a day or the current streak, as SVG images, and a public link the
/// user turns on and off, and a card for this week while a weekly goal is set. The public link shows only
/// today's progress, this week's (with a weekly goal) and the current streak.
struct WaterSharePages: UserRoutes {
    let scopes: UserScopes
    let templates: Templates

    struct View {
        let title = "Share"
        let day: String
        let hasWeekGoal: Bool
        let sharePath: String?
        let shareURL: String?
    }

    struct PublicView {
        let title = "Water progress"
        let token: String
        let summary: String
        let hasWeekGoal: Bool
        /// The page's own address, for link previews (`og:url`).
        let url: String
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let now = try await scope.now()
        let token = now.settings.water.shareToken
        let host = request.head.authority ?? "localhost"
        let view = View(
            day: now.today.description, hasWeekGoal: try await scope.water.currentGoal(.week) != nil,
            sharePath: token.map { "/shared/\($0)" },
            shareURL: token.map { "http://\(host)/shared/\($0)" })
        return HTML.response(templates.render(view, .waterShare))
    }

    func toggle(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        try await scope.water.setSharing(form["enabled"] == "on")
        return HTML.redirect(to: "/water/share")
    }

    /// `/water/share/day/2026-11-22.svg`.
    func dayCard(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".svg") else { throw TallyError.notFound(kind: "share card", id: file) }
        let day = try LocalDay.parse(String(file.dropLast(4)), field: "day")
        let unit = try await scope.now().settings.water.unit
        return Self.svg(ShareCard.day(try await scope.water.day(day).summary, unit: unit))
    }

    /// This week against the weekly goal.
    func weekCard(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        Self.svg(try await weekSVG(try scope))
    }

    func streakCard(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        Self.svg(try await streakSVG(try scope))
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
                PublicView(token: token, summary: summary, hasWeekGoal: week.goalML != nil, url: url), .shared))
    }

    func publicCard(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (_, scope) = try await sharer(context)
        let kind = try context.parameters.require("card")
        switch kind {
        case "today.svg":
            let unit = try await scope.now().settings.water.unit
            return Self.svg(ShareCard.day(try await scope.water.today().summary, unit: unit))
        case "streak.svg": return Self.svg(try await streakSVG(scope))
        case "week.svg": return Self.svg(try await weekSVG(scope))
        default: throw TallyError.notFound(kind: "share card", id: kind)
        }
    }

    private func weekSVG(_ scope: UserScope) async throws -> String {
        ShareCard.week(try await scope.water.progress(.week), unit: try await scope.now().settings.water.unit)
    }

    private func streakSVG(_ scope: UserScope) async throws -> String {
        let unit = try await scope.now().settings.water.unit
        return ShareCard.streak(
            try await scope.water.stats(), goalML: try await scope.water.currentGoal(), unit: unit)
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

    static func svg(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
