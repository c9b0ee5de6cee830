import Testing

@testable import TallyCore

@Suite struct LocalDayTests {
    @Test func parsesAndPrintsISODates() {
        #expect(LocalDay("2026-03-08")?.description == "2026-03-08")
        #expect(LocalDay("2024-02-29") != nil)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-32", "", "2026-01-01T00:00"])
    func refusesWhatIsNotADay(_ text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func dayNumbersRoundTripAcrossCenturies() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDay(dayNumber: number).dayNumber == number)
        }
        #expect(LocalDay(year: 1970, month: 1, day: 1)!.dayNumber == 0)
        #expect(LocalDay(year: 2000, month: 3, day: 1)!.dayNumber == 11_017)
    }

    @Test func addsDaysOverMonthAndLeapYearEnds() {
        #expect(Fixture.day("2024-02-28").adding(days: 1) == Fixture.day("2024-02-29"))
        #expect(Fixture.day("2023-02-28").adding(days: 1) == Fixture.day("2023-03-01"))
        #expect(Fixture.day("2026-12-31").adding(days: 1) == Fixture.day("2027-01-01"))
        #expect(Fixture.day("2026-01-01").days(to: Fixture.day("2027-01-01")) == 365)
    }

    @Test func knowsItsWeekday() {
        #expect(Fixture.day("2026-11-22").isoWeekday == 7)  // a Sunday
        #expect(Fixture.day("1970-01-01").isoWeekday == 4)  // a Thursday
        #expect(Fixture.day("1969-12-29").isoWeekday == 1)  // a Monday
    }
}
