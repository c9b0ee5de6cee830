import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// The insights page and `GET /api/v1/insights` over days logged through the services: silent (saying how
/// much is needed) on an empty store; a relation between evening drinks and night visits once 20 days show
/// one.
@Suite struct InsightsWebTests {
    static let zone = TimeZone(identifier: "America/New_York")!

    static func at(_ local: String) -> Date { TimeInput.parseISO(local, zone: zone)! }

    @Test func anEmptyStoreSaysHowMuchEachInsightNeeds() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/insights", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.components(separatedBy: "Not enough yet").count - 1 == 5)
            let api = try await client.json(.get, "/api/v1/insights")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(api.text.utf8)) as? [String: Any])
            let insights = try #require(body["insights"] as? [[String: Any]])
            #expect(insights.count == 5 && insights.allSatisfy { $0["enough"] as? Bool == false })
            #expect(body["to"] as? String == "2026-11-21")
        }
    }

    @Test func twentyDaysOfEveningDrinksAndNightVisitsShowTheirRelation() async throws {
        let fixture = try ServerFixture()
        let scope = fixture.scope
        _ = try await scope.settings.update([.timeZone: Self.zone.identifier])
        let first = LocalDay("2026-10-20")!
        for index in 0..<20 {
            let day = first.adding(days: index)
            let next = day.adding(days: 1)
            _ = try await scope.water.log(amountML: 1_500, at: Self.at("\(day)T09:00:00"), source: .web)
            _ = try await scope.water.log(
                amountML: Double(100 + 50 * index), at: Self.at("\(day)T21:00:00"), source: .web)
            _ = try await scope.bathroom.log(at: Self.at("\(day)T12:00:00"))
            for minute in 0..<(index / 5) {
                _ = try await scope.bathroom.log(at: Self.at("\(next)T02:\(10 + minute * 10):00"))
            }
        }
        let (_, _, insights) = try await scope.insights.insights()
        let evening = try #require(insights.first { $0.topic == .eveningWaterAndNightVisits })
        #expect(evening.isEnough && evening.sampleSize == 20)
        #expect(try #require(evening.correlation) > 0.9)
        #expect(try #require(insights.first { $0.topic == .voidsPerLitre }).isEnough)
        #expect(try #require(insights.first { $0.topic == .moodAndWater }).isEnough == false)
        try await fixture.test { client in
            let page = try await client.execute(uri: "/insights", method: .get)
            #expect(page.text.contains("a strong relation"))
            #expect(page.text.contains("Based on 20 days."))
        }
    }
}
