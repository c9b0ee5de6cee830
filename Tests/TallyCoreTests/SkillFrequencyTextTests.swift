import Testing

@testable import TallyCore

/// Frequencies are read exactly: a word that merely starts like a weekday is not that weekday.
@Suite struct SkillFrequencyTextTests {
    @Test func wordsThatStartLikeAWeekdayAreRefused() {
        for text in ["monthly", "month", "mondays", "thu-fri", "tues", "mo", "satur", "weekdays"] {
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
        for frequency: SkillFrequency in [.daily, .timesPerWeek(4), .weekdays([2, 4]), .everyDays(10)] {
            #expect(try SkillFrequency.parse(frequency.description) == frequency)
        }
    }
}
