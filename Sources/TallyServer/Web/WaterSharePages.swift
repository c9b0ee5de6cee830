import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Seed 003's Share screen: a card for a day or the current streak, as SVG images, and a public link the
/// user turns on and off, and a card for this week while a weekly goal is set. The public link shows only
/// today's progress, this week's (with a weekly goal) and the current streak.
struct WaterSharePages {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "Share"
        let day: String
        let hasWeekGoal: Bool
        let sharePath: String?
        let shareURL: String?
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let token = now.settings.water.shareToken
        let host = request.head.authority ?? "localhost"
        let view = View(
            day: now.today.description, hasWeekGoal: try await scope.water.currentGoal(.week) != nil,
            sharePath: token.map { "/shared/\($0)" },
            shareURL: token.map { "http://\(host)/shared/\($0)" })
        return HTML.response(templates.render(view, .waterShare))
    }

    func toggle(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        try await scope.water.setSharing(form["enabled"] == "on")
        return HTML.redirect(to: "/water/share")
    }

    /// `/water/share/day/2026-11-22.svg`.
    func dayCard(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".svg") else { throw TallyError.notFound(kind: "share card", id: file) }
        let day = try LocalDay.parse(String(file.dropLast(4)), field: "day")
        let unit = try await scope.now().settings.water.unit
        return Self.svg(ShareCard.day(try await scope.water.day(day).summary, unit: unit))
    }

    /// This week against the weekly goal.
    func weekCard(_ request: Request, _ context: SignedInContext) async throws -> Response {
        Self.svg(try await Self.weekSVG(scope))
    }

    func streakCard(_ request: Request, _ context: SignedInContext) async throws -> Response {
        Self.svg(try await Self.streakSVG(scope))
    }

    static func weekSVG(_ scope: UserScope) async throws -> String {
        ShareCard.week(try await scope.water.progress(.week), unit: try await scope.now().settings.water.unit)
    }

    static func streakSVG(_ scope: UserScope) async throws -> String {
        let unit = try await scope.now().settings.water.unit
        return ShareCard.streak(
            try await scope.water.stats(), goalML: try await scope.water.currentGoal(), unit: unit)
    }

    static func svg(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
