import Testing

@testable import Recurrence

/// RFC 5545 §3.8.5.3 examples (monthly group), DTSTART in America/New_York, errata applied.
enum RFCExamplesMonthly {
    static let all: [RFCExample] = [
        RFCExample(
            "Monthly on the first Friday for 10 occurrences",
            start: "19970905T090000", rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
            expected: [
                "1997-09-05T09:00:00-04:00", "1997-10-03T09:00:00-04:00", "1997-11-07T09:00:00-05:00",
                "1997-12-05T09:00:00-05:00", "1998-01-02T09:00:00-05:00", "1998-02-06T09:00:00-05:00",
                "1998-03-06T09:00:00-05:00", "1998-04-03T09:00:00-05:00", "1998-05-01T09:00:00-04:00",
                "1998-06-05T09:00:00-04:00",
            ]),
        RFCExample(
            "Monthly on the first Friday until December 24, 1997",
            start: "19970905T090000", rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
            expected: [
                "1997-09-05T09:00:00-04:00", "1997-10-03T09:00:00-04:00", "1997-11-07T09:00:00-05:00",
                "1997-12-05T09:00:00-05:00",
            ]),
        RFCExample(
            "Every other month on the first and last Sunday of the month for 10 occurrences",
            start: "19970907T090000", rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
            expected: [
                "1997-09-07T09:00:00-04:00", "1997-09-28T09:00:00-04:00", "1997-11-02T09:00:00-05:00",
                "1997-11-30T09:00:00-05:00", "1998-01-04T09:00:00-05:00", "1998-01-25T09:00:00-05:00",
                "1998-03-01T09:00:00-05:00", "1998-03-29T09:00:00-05:00", "1998-05-03T09:00:00-04:00",
                "1998-05-31T09:00:00-04:00",
            ]),
        RFCExample(
            "Monthly on the second-to-last Monday of the month for 6 months",
            start: "19970922T090000", rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
            expected: [
                "1997-09-22T09:00:00-04:00", "1997-10-20T09:00:00-04:00", "1997-11-17T09:00:00-05:00",
                "1997-12-22T09:00:00-05:00", "1998-01-19T09:00:00-05:00", "1998-02-16T09:00:00-05:00",
            ]),
        RFCExample(
            "Monthly on the third-to-the-last day of the month, forever",
            start: "19970928T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=-3", limit: 6,
            expected: [
                "1997-09-28T09:00:00-04:00", "1997-10-29T09:00:00-05:00", "1997-11-28T09:00:00-05:00",
                "1997-12-29T09:00:00-05:00", "1998-01-29T09:00:00-05:00", "1998-02-26T09:00:00-05:00",
            ]),
        RFCExample(
            "Monthly on the 2nd and 15th of the month for 10 occurrences",
            start: "19970902T090000", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
            expected: [
                "1997-09-02T09:00:00-04:00", "1997-09-15T09:00:00-04:00", "1997-10-02T09:00:00-04:00",
                "1997-10-15T09:00:00-04:00", "1997-11-02T09:00:00-05:00", "1997-11-15T09:00:00-05:00",
                "1997-12-02T09:00:00-05:00", "1997-12-15T09:00:00-05:00", "1998-01-02T09:00:00-05:00",
                "1998-01-15T09:00:00-05:00",
            ]),
        RFCExample(
            "Monthly on the first and last day of the month for 10 occurrences",
            start: "19970930T090000", rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
            expected: [
                "1997-09-30T09:00:00-04:00", "1997-10-01T09:00:00-04:00", "1997-10-31T09:00:00-05:00",
                "1997-11-01T09:00:00-05:00", "1997-11-30T09:00:00-05:00", "1997-12-01T09:00:00-05:00",
                "1997-12-31T09:00:00-05:00", "1998-01-01T09:00:00-05:00", "1998-01-31T09:00:00-05:00",
                "1998-02-01T09:00:00-05:00",
            ]),
        RFCExample(
            "Every 18 months on the 10th thru 15th of the month for 10 occurrences",
            start: "19970910T090000", rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
            expected: [
                "1997-09-10T09:00:00-04:00", "1997-09-11T09:00:00-04:00", "1997-09-12T09:00:00-04:00",
                "1997-09-13T09:00:00-04:00", "1997-09-14T09:00:00-04:00", "1997-09-15T09:00:00-04:00",
                "1999-03-10T09:00:00-05:00", "1999-03-11T09:00:00-05:00", "1999-03-12T09:00:00-05:00",
                "1999-03-13T09:00:00-05:00",
            ]),
        RFCExample(
            "Every Tuesday, every other month",
            start: "19970902T090000", rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", limit: 18,
            expected: [
                "1997-09-02T09:00:00-04:00", "1997-09-09T09:00:00-04:00", "1997-09-16T09:00:00-04:00",
                "1997-09-23T09:00:00-04:00", "1997-09-30T09:00:00-04:00", "1997-11-04T09:00:00-05:00",
                "1997-11-11T09:00:00-05:00", "1997-11-18T09:00:00-05:00", "1997-11-25T09:00:00-05:00",
                "1998-01-06T09:00:00-05:00", "1998-01-13T09:00:00-05:00", "1998-01-20T09:00:00-05:00",
                "1998-01-27T09:00:00-05:00", "1998-03-03T09:00:00-05:00", "1998-03-10T09:00:00-05:00",
                "1998-03-17T09:00:00-05:00", "1998-03-24T09:00:00-05:00", "1998-03-31T09:00:00-05:00",
            ]),
        RFCExample(
            "The first Saturday that follows the first Sunday of the month, forever",
            start: "19970913T090000", rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", limit: 10,
            expected: [
                "1997-09-13T09:00:00-04:00", "1997-10-11T09:00:00-04:00", "1997-11-08T09:00:00-05:00",
                "1997-12-13T09:00:00-05:00", "1998-01-10T09:00:00-05:00", "1998-02-07T09:00:00-05:00",
                "1998-03-07T09:00:00-05:00", "1998-04-11T09:00:00-04:00", "1998-05-09T09:00:00-04:00",
                "1998-06-13T09:00:00-04:00",
            ]),
        RFCExample(
            "The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months",
            start: "19970904T090000", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
            expected: [
                "1997-09-04T09:00:00-04:00", "1997-10-07T09:00:00-04:00", "1997-11-06T09:00:00-05:00",
            ]),
        RFCExample(
            "The second-to-last weekday of the month",
            start: "19970929T090000", rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", limit: 7,
            expected: [
                "1997-09-29T09:00:00-04:00", "1997-10-30T09:00:00-05:00", "1997-11-27T09:00:00-05:00",
                "1997-12-30T09:00:00-05:00", "1998-01-29T09:00:00-05:00", "1998-02-26T09:00:00-05:00",
                "1998-03-30T09:00:00-05:00",
            ]),
        RFCExample(
            "An invalid date (February 30) is ignored",
            start: "20070115T090000", rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
            expected: [
                "2007-01-15T09:00:00-05:00", "2007-01-30T09:00:00-05:00", "2007-02-15T09:00:00-05:00",
                "2007-03-15T09:00:00-04:00", "2007-03-30T09:00:00-04:00",
            ]),
        RFCExample(
            "Every Friday the 13th, forever (DTSTART excluded by EXDATE)",
            start: "19970902T090000", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", exclusion: "19970902T090000",
            limit: 5,
            expected: [
                "1998-02-13T09:00:00-05:00", "1998-03-13T09:00:00-05:00", "1998-11-13T09:00:00-05:00",
                "1999-08-13T09:00:00-04:00", "2000-10-13T09:00:00-04:00",
            ]),
    ]
}

@Test(arguments: RFCExamplesMonthly.all)
func rfcExampleMonthly(_ example: RFCExample) throws {
    try example.verify()
}
