import Foundation
import Testing

@testable import Recurrence

/// RRULE parsing, canonical serialization and error messages.
@Suite struct RuleParsingTests {
    @Test func parsesEveryPart() throws {
        let rule = try RecurrenceRule(
            parsing: "rrule:freq=yearly;interval=2;count=10;bysecond=0,30;byminute=15;byhour=9,17;byday=+1mo,-1fr,tu;"
                + "bymonthday=-1,15;byyearday=-366,100;bymonth=1,12;bysetpos=-1,2;wkst=su")
        #expect(rule.frequency == .yearly)
        #expect(rule.interval == 2)
        #expect(rule.count == 10)
        #expect(rule.bySecond == [0, 30])
        #expect(
            rule.byDay == [
                WeekdaySpecifier(.friday, ordinal: -1), WeekdaySpecifier(.tuesday),
                WeekdaySpecifier(.monday, ordinal: 1),
            ])
        #expect(rule.byMonthDay == [-1, 15])
        #expect(rule.byYearDay == [-366, 100])
        #expect(try RecurrenceRule(parsing: "FREQ=YEARLY;BYWEEKNO=53,-1").byWeekNumber == [-1, 53])
        #expect(rule.weekStart == .sunday)
        #expect(
            rule.description
                == "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,12;BYYEARDAY=-366,100;BYMONTHDAY=-1,15;"
                + "BYDAY=-1FR,TU,1MO;BYHOUR=9,17;BYMINUTE=15;BYSECOND=0,30;BYSETPOS=-1,2;WKST=SU")
    }

    @Test(arguments: [
        ("UNTIL=19971224", RuleUntil.date(CivilDate(year: 1997, month: 12, day: 24))),
        ("UNTIL=19971224T093000", .floating(LocalDateTime(year: 1997, month: 12, day: 24, hour: 9, minute: 30))),
        ("UNTIL=19971224T093000Z", .utc(LocalDateTime(year: 1997, month: 12, day: 24, hour: 9, minute: 30))),
    ])
    func parsesUntilForms(_ text: String, _ expected: RuleUntil) throws {
        let rule = try RecurrenceRule(parsing: "FREQ=DAILY;\(text)")
        #expect(rule.until == expected)
        #expect(try RecurrenceRule(parsing: rule.description) == rule)
    }

    @Test(arguments: [
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY", "BYMONTHDAY value 32 is out of range -31...31"),
        ("FREQ=DAILY;FOO=1", "FOO", "unknown rule part \"FOO\""),
        ("FREQ=DAILY;COUNT=3;UNTIL=20240101", "COUNT", "COUNT and UNTIL cannot both be set"),
        ("COUNT=3", "FREQ", "FREQ is required"),
        ("", "FREQ", "FREQ is required"),
        ("FREQ=FORTNIGHTLY", "FREQ", "FREQ value \"FORTNIGHTLY\" is not a frequency"),
        ("FREQ=DAILY;FREQ=DAILY", "FREQ", "rule part FREQ appears more than once"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL", "INTERVAL value 0 must be at least 1"),
        ("FREQ=DAILY;COUNT=x", "COUNT", "COUNT value \"x\" is not an integer"),
        ("FREQ=DAILY;BYHOUR=24", "BYHOUR", "BYHOUR value 24 is out of range 0...23"),
        ("FREQ=YEARLY;BYYEARDAY=0", "BYYEARDAY", "BYYEARDAY value 0 is out of range -366...366 (0 is not allowed)"),
        ("FREQ=YEARLY;BYDAY=XX", "BYDAY", "BYDAY value \"XX\" is not a weekday"),
        ("FREQ=YEARLY;BYDAY=54MO", "BYDAY", "BYDAY value 54MO has ordinal 54 out of range -53...53"),
        ("FREQ=WEEKLY;BYDAY=1MO", "BYDAY", "BYDAY value 1MO has an ordinal, which needs FREQ=MONTHLY or FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYWEEKNO=3", "BYWEEKNO", "BYWEEKNO is only allowed with FREQ=YEARLY, not FREQ=MONTHLY"),
        ("FREQ=DAILY;BYYEARDAY=3", "BYYEARDAY", "BYYEARDAY is not allowed with FREQ=DAILY"),
        ("FREQ=WEEKLY;BYMONTHDAY=3", "BYMONTHDAY", "BYMONTHDAY is not allowed with FREQ=WEEKLY"),
        ("FREQ=DAILY;BYSETPOS=1", "BYSETPOS", "BYSETPOS needs another BYxxx rule part"),
        ("FREQ=DAILY;UNTIL=20240231", "UNTIL", "UNTIL value \"20240231\" is not a valid DATE or DATE-TIME"),
        ("FREQ=DAILY;WKST=XY", "WKST", "WKST value \"XY\" is not a weekday"),
        ("FREQ=DAILY;BYMONTH", "BYMONTH", "rule part \"BYMONTH\" has no value"),
    ])
    func errorsNameThePart(_ text: String, _ part: String, _ message: String) {
        #expect(throws: RecurrenceParseError(part: part, message: message)) { try RecurrenceRule(parsing: text) }
    }

    @Test func randomRulesRoundTrip() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2_000 {
            let rule = RandomRuleFactory.make(using: &generator)
            let text = rule.description
            let parsed = try RecurrenceRule(parsing: text)
            #expect(parsed == rule, "\(text)")
            #expect(parsed.description == text)
            #expect(try RecurrenceRule(parsing: "RRULE:" + text) == rule)
        }
    }
}
