import Foundation
import TallyCore
import Testing

@testable import TallyServer

/// The diary page reads the nocturnal polyuria index by ICS 2019's age-adjusted line, as the report does:
/// 0.33 at 65 and over, 0.20 under; without a birth year it gives both lines.
@Suite struct DiaryInterpretationTests {
    static let day = LocalDay("2026-11-20")!

    @Test func theLineFollowsTheAgeOfTheBirthYear() {
        #expect(
            DiaryPage.interpretation(index: 0.25, birthYear: 1980, on: Self.day)
                == "An index of 0.25, above 0.20 for your age, suggests nocturnal polyuria (ICS 2019).")
        #expect(
            DiaryPage.interpretation(index: 0.25, birthYear: 1950, on: Self.day)
                == "An index of 0.25 is within the usual range for your age (at most 0.33, ICS 2019).")
        #expect(
            DiaryPage.interpretation(index: 0.40, birthYear: nil, on: Self.day)
                == "An index of 0.40, above 0.33, suggests nocturnal polyuria at any age (ICS 2019).")
        #expect(
            DiaryPage.interpretation(index: 0.15, birthYear: nil, on: Self.day)
                == "An index of 0.15 is within the usual range at any age (at most 0.20, ICS 2019).")
        #expect(
            DiaryPage.interpretation(index: 0.25, birthYear: nil, on: Self.day)
                == "An index of 0.25 suggests nocturnal polyuria under 65 but not from 65 (ICS 2019: above 0.20 "
                + "under 65, above 0.33 from 65); give your birth year in Settings to see which applies.")
    }
}
