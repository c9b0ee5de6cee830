import Testing

@testable import TallyCore

/// Frequencies are read exactly: a word that merely starts like a weekday is not that weekday.
@Suite struct SkillFrequencyTextTests {
    @Test func wordsThatStartLikeAWeekdayAreRefused() {
        for text in ["month", "mondays", "thu-fri", "tues", "mo", "satur", "weekdays", "monthlies", "day-", "day-0"] {
            #expect(throws: TallyError.self, "\(text)") { try SkillFrequency.parse(text) }
        }
    }

    @Test func weekdaysByShortOrFullNameAndTheNamedForms() throws {
        #expect(try SkillFrequency.parse("mon,wed,fri") == .weekdays([1, 3, 5]))
        #expect(try SkillFrequency.parse("Monday, Wednesday") == .weekdays([1, 3]))
        #expect(try SkillFrequency.parse("sun,sat") == .weekdays([6, 7]))
        #expect(try SkillFrequency.parse("weekly") == .timesPerWeek(1))
        #expect(try SkillFrequency.parse("3/week") == .timesPerWeek(3))
        #expect(try SkillFrequency.parse("every-3-days") == .everyDays(3))
        // Every text form reads back as itself.
        for frequency: SkillFrequency in [
            .daily, .timesPerWeek(4), .weekdays([2, 4]), .everyDays(10), .timesPerMonth(3), .monthDays([1, 15, 31]),
        ] {
            #expect(try SkillFrequency.parse(frequency.description) == frequency)
        }
    }

    /// Seed 004's "monthly": once in each calendar month, N times in it, or on chosen days of it.
    @Test func monthlyForms() throws {
        #expect(try SkillFrequency.parse("monthly") == .timesPerMonth(1))
        #expect(try SkillFrequency.parse("Twice-a-month") == .timesPerMonth(2))
        #expect(try SkillFrequency.parse("10/month") == .timesPerMonth(10))
        #expect(try SkillFrequency.parse("day-15") == .monthDays([15]))
        #expect(try SkillFrequency.parse("days-15,1,15") == .monthDays([1, 15]))
        #expect(try SkillFrequency.monthDays("31, 1") == .monthDays([1, 31]))
        #expect(SkillFrequency.monthDays([1, 2, 3, 22]).label == "Monthly on the 1st, 2nd, 3rd and 22nd")
        #expect(SkillFrequency.monthDays([11, 12, 13]).label == "Monthly on the 11th, 12th and 13th")
        #expect(SkillFrequency.timesPerMonth(1).label == "Once a month")
        for (text, reason) in [
            ("32/month", "32 times a month is not possible: use 1 to 31"),
            ("0/month", "0 times a month is not possible"),
            ("day-32", "'32' in 'day-32' is not a day of the month: use 1 to 31"),
            ("day-1,x", "'x' in 'day-1,x' is not a day of the month"),
            ("fortnightly", "use daily, weekly, N/week (1 to 7)"),
        ] {
            #expect(throws: TallyError.self, "\(text)") { try SkillFrequency.parse(text) }
            do {
                _ = try SkillFrequency.parse(text)
            } catch {
                #expect(error.description.contains(reason), "\(text): \(error.description)")
            }
        }
    }
}
