import Foundation
import TallyCore
import TallyServices

/// Insights across trackers (`/insights`), as the page shows them.
extension TallyAPI {
    func getInsights(_ input: Operations.GetInsights.Input) async throws -> Operations.GetInsights.Output {
        let (from, to, insights) = try await scope.insights.insights()
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: from.description, to: to.description,
                        insights: insights.map { insight in
                            .init(
                                topic: Self.topic(insight.topic),
                                title: insight.title, statement: insight.statement, sampleSize: insight.sampleSize,
                                needed: insight.needed, enough: insight.isEnough, correlation: insight.correlation)
                        }))))
    }

    /// Each topic as the document names it (a new topic fails to compile until it is added there).
    private static func topic(_ topic: Insight.Topic) -> Components.Schemas.Insight.TopicPayload {
        switch topic {
        case .voidsPerLitre: .voidsPerLitre
        case .eveningWaterAndNightVisits: .eveningWaterAndNightVisits
        case .moodAndSkills: .moodAndSkills
        case .moodAndWater: .moodAndWater
        case .skillsAfterAGoodNight: .skillsAfterAGoodNight
        }
    }
}
