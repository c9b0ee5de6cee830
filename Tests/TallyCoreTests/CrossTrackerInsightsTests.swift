import Foundation
import Testing

@testable import TallyCore

/// Insights across trackers on fixtures with a known relation, with none, and below the minimum: each
/// statement names its sample, its strength in words, and never a cause.
@Suite struct CrossTrackerInsightsTests {
    static let first = LocalDay("2026-10-01")!

    static func days(_ count: Int, _ make: (Int, inout InsightDay) -> Void) -> [InsightDay] {
        (0..<count).map { index in
            var day = InsightDay(day: first.adding(days: index))
            make(index, &day)
            return day
        }
    }

    static func insight(_ topic: Insight.Topic, _ days: [InsightDay]) throws -> Insight {
        try #require(CrossTrackerInsights.all(days, unit: .ml).first { $0.topic == topic })
    }

    @Test func moreToDrinkBeforeBedWentWithMoreNightVisits() throws {
        let days = Self.days(20) { index, day in
            day.waterML = 1_800
            day.eveningWaterML = Double(100 + 50 * index)
            day.dayVisits = 5
            day.nightVisits = index / 5
        }
        let insight = try Self.insight(.eveningWaterAndNightVisits, days)
        #expect(insight.isEnough && insight.sampleSize == 20)
        #expect(try #require(insight.correlation) > 0.9)
        #expect(
            insight.statement.hasPrefix(
                "Over 20 evenings with water logged and the night after, more to drink in the three hours before bed "
                    + "went with more bathroom visits that night: a strong relation (r = 0.9"))
        #expect(insight.statement.hasSuffix("This says what went together, not why."))
        #expect(!insight.statement.contains("because") && !insight.statement.contains("causes"))
    }

    @Test func aRelationTheOtherWayIsSaidTheOtherWay() throws {
        let days = Self.days(16) { index, day in
            day.mood = 5 - index % 5
            day.skillsDone = index % 5
        }
        let insight = try Self.insight(.moodAndSkills, days)
        #expect(insight.statement.contains("more skills done went with a worse mood: a strong relation (r = -1.00)"))
    }

    @Test func noRelationIsSaidPlainly() throws {
        // Mood alternates while water climbs evenly: r is 0 to two places.
        let days = Self.days(20) { index, day in
            day.waterML = Double(1_000 + 100 * (index / 2))
            day.mood = index % 2 == 0 ? 2 : 4
        }
        let insight = try Self.insight(.moodAndWater, days)
        #expect(insight.statement.contains("there is no clear relation"), "\(insight.statement)")
        let flat = Self.days(20) { _, day in
            day.eveningWaterML = 300
            day.nightVisits = 1
        }
        #expect(
            try Self.insight(.eveningWaterAndNightVisits, flat).statement.contains(
                "one of them never changed, so nothing can be said of them together"))
    }

    @Test func belowTheMinimumItSaysHowMuchIsNeeded() throws {
        let days = Self.days(13) { _, day in
            day.waterML = 2_000
            day.dayVisits = 6
            day.mood = 3
            day.skillsDone = 2
        }
        let perLitre = try Self.insight(.voidsPerLitre, days)
        #expect(!perLitre.isEnough)
        #expect(
            perLitre.statement
                == "Not enough yet: this needs at least 14 days with both water and bathroom visits; you have 13.")
        let afterNight = try Self.insight(.skillsAfterAGoodNight, days)
        #expect(afterNight.statement.hasPrefix("Not enough yet: this needs at least 5 days after a night"))
    }

    @Test func visitsPerLitreCountTheNightAfterEachDay() throws {
        let days = Self.days(14) { _, day in
            day.waterML = 2_000
            day.dayVisits = 6
            day.nightVisits = 1
        }
        let insight = try Self.insight(.voidsPerLitre, days)
        #expect(
            insight.statement
                == "On the 14 days you logged both, you went 3.5 times for each litre you drank (7.0 times a day, with 2,000 ml a day)."
        )
    }

    @Test func skillsAfterAGoodNightAreComparedWithTheRest() throws {
        // Nights alternate good (0 visits) and poor (3); the day after a good night has 4 skills done, after a
        // poor one 1.
        let days = Self.days(21) { index, day in
            day.nightVisits = index % 2 == 0 ? 0 : 3
            day.skillsDone = index == 0 ? 2 : (index % 2 == 1 ? 4 : 1)
        }
        let insight = try Self.insight(.skillsAfterAGoodNight, days)
        #expect(insight.isEnough && insight.sampleSize == 20)
        #expect(
            insight.statement
                == "On the 10 days after a night with at most 1 bathroom visit you did more skills (4.0 against 1.0 a day) than on the 10 days after other nights."
        )
    }
}
