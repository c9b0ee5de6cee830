import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// `/insights`: how the trackers moved together over the last 90 complete days, each statement with the
/// days it rests on, or how many more it needs.
struct InsightsPage {
    let scope: UserScope
    let templates: PageTemplates

    struct Card {
        let title: String
        let statement: String
        let basis: String
        let enough: Bool
    }

    struct View {
        let title = "Insights"
        let range: String
        let cards: [Card]
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let (from, to, insights) = try await scope.insights.insights()
        let cards = insights.map { insight in
            Card(
                title: insight.title, statement: insight.statement,
                basis: insight.isEnough
                    ? "Based on \(DayText.count(insight.sampleSize, "day", "days"))."
                    : "Needs \(insight.needed); \(insight.sampleSize) so far.",
                enough: insight.isEnough)
        }
        return HTML.response(
            templates.render(
                View(range: "\(DayText.short(from)) to \(DayText.short(to))", cards: cards), .insights))
    }
}
