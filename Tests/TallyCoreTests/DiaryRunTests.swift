import Foundation
import Testing

@testable import TallyCore

/// A bladder diary kept for a few days: its stored text, where it stands, and the reminders it plans.
@Suite struct DiaryRunTests {
    let zone = Fixture.newYork

    @Test func itsTextReadsBackAsTheSameRun() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-11-29"))
        #expect(run.description == "2026-11-29..2026-12-01")
        #expect(try DiaryRun.parse(run.description) == run)
        let stopped = try #require(run.stopping(on: Fixture.day("2026-11-30")))
        #expect(stopped.description == "2026-11-29..2026-11-30 stopped")
        #expect(try DiaryRun.parse(stopped.description) == stopped)
    }

    @Test func badTextAndLengthsAreRefusedByName() {
        for text in [
            "2026-11-29", "2026-12-01..2026-11-29", "2026-11-29..2026-12-31", "x..y", "2026-11-29...2026-11-30",
        ] {
            #expect(throws: TallyError.self) { try DiaryRun.parse(text) }
        }
        #expect(throws: TallyError.invalid(field: "days", reason: "a diary lasts 1 to 14 days")) {
            try DiaryRun.starting(Fixture.day("2026-11-29"), days: 0)
        }
    }

    @Test func aRunNotBegunIsForgottenWhenStopped() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-11-29"))
        #expect(run.stopping(on: Fixture.day("2026-11-28")) == nil)
        #expect(run.stopping(on: Fixture.day("2026-12-05"))?.to == Fixture.day("2026-12-01"))
    }

    @Test func progressCountsDiaryDaysFromGettingUp() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-11-29"))
        let sleep = SleepWindow(bedtime: TimeOfDay(hour: 23, minute: 0)!, wakeTime: TimeOfDay(hour: 7, minute: 0)!)
        // 02:00 on the 30th is still the night of the 29th; 07:00 begins day 2.
        let night = DiaryRunProgress.diaryDay(
            of: LocalDateTime(day: Fixture.day("2026-11-30"), secondOfDay: 7_200), sleep: sleep)
        #expect(night == Fixture.day("2026-11-29"))
        let morning = DiaryRunProgress.diaryDay(
            of: LocalDateTime(day: Fixture.day("2026-11-30"), time: sleep.wakeTime), sleep: sleep)
        #expect(
            DiaryRunProgress(run: run, today: morning, measuredVoids: 6).headline == "Day 2 of 3 · 6 voids measured")
        #expect(DiaryRunProgress(run: run, today: Fixture.day("2026-11-28"), measuredVoids: 0).phase == .upcoming)
        let over = DiaryRunProgress(run: run, today: Fixture.day("2026-12-02"), measuredVoids: 20)
        #expect(over.headline == "Diary finished: open the report")
        let stopped = DiaryRunProgress(
            run: try #require(run.stopping(on: Fixture.day("2026-11-30"))), today: Fixture.day("2026-11-30"),
            measuredVoids: 1)
        #expect(stopped.headline == "Diary stopped after 2 days: open the report")
    }

    /// Marked "got up" at 05:30: day 2 begins then, not at the usual 07:00. A late riser's mark (09:10)
    /// keeps the night going until then, as the report's windows do.
    @Test func gettingUpMarkedBeginsTheDiaryDay() throws {
        let sleep = SleepWindow(bedtime: Fixture.time("23:00"), wakeTime: Fixture.time("07:00"))
        let early = SleepMarks([BladderDiaryMarksTests.mark(.wake, "2026-11-11", "2026-11-11T05:30:00-05:00")])
        let late = SleepMarks([BladderDiaryMarksTests.mark(.wake, "2026-11-11", "2026-11-11T09:10:00-05:00")])
        let cases: [(String, SleepMarks, String)] = [
            ("05:29", early, "2026-11-10"), ("05:30", early, "2026-11-11"), ("06:00", early, "2026-11-11"),
            ("06:00", .none, "2026-11-10"), ("07:00", .none, "2026-11-11"),
            ("08:00", late, "2026-11-10"), ("09:10", late, "2026-11-11"),
        ]
        for (time, marks, expected) in cases {
            let reading = LocalDateTime(day: Fixture.day("2026-11-11"), time: Fixture.time(time))
            #expect(
                DiaryRunProgress.diaryDay(of: reading, sleep: sleep, marks: marks) == Fixture.day(expected),
                "\(time)")
        }
    }

    @Test func theDiaryIsANamedSettingEarlierReplicasPassOn() throws {
        var settings = UserSettings.defaults
        try settings.apply(.bladderDiary, "2026-11-29..2026-12-01")
        #expect(settings.diaryRun == DiaryRun(from: Fixture.day("2026-11-29"), to: Fixture.day("2026-12-01")))
        #expect(settings.value(of: .bladderDiary) == "2026-11-29..2026-12-01")
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: Date(timeIntervalSince1970: 0),
            modifiedAt: Date(timeIntervalSince1970: 0), deviceID: UUID(), stamp: .zero)
        let bad = NamedSetting(meta: meta, name: "bladderDiary", value: "three days")
        #expect(throws: TallyError.self) { try bad.validated(in: RecordBatch([])) }
    }

    func sources(run: DiaryRun?, diary: Bool = true, marks: [SleepMark] = []) throws -> NotificationSources {
        var preferences = NotificationPreferences()
        try preferences.apply("water", "off")
        try preferences.apply("diary", diary ? "on" : "off")
        var settings = UserSettings(timeZoneID: zone.identifier)
        settings.diaryRun = run
        return NotificationSources(
            settings: settings, preferences: preferences, zone: zone, today: Fixture.day("2026-10-31"), goalML: 2000,
            sleepMarks: SleepMarks(marks))
    }

    /// Wake-up and bedtime on each of the three days, and the morning after the last to close its night;
    /// across the end of daylight saving in New York (1 November 2026), each at its wall-clock time.
    @Test func remindersComeAtWakeAndBedtimeOfEachDayAndTheMorningAfter() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-10-31"))
        let plan = NotificationPlanner.plan(
            try sources(run: run), from: Fixture.instant("2026-10-31T00:00:00-04:00"))
        #expect(plan.allSatisfy { $0.kind == .diary })
        #expect(
            plan.map(\.due)
                == [
                    "2026-10-31T07:00:00-04:00", "2026-10-31T23:00:00-04:00", "2026-11-01T07:00:00-05:00",
                    "2026-11-01T23:00:00-05:00", "2026-11-02T07:00:00-05:00", "2026-11-02T23:00:00-05:00",
                    "2026-11-03T07:00:00-05:00",
                ].map(Fixture.instant))
        #expect(plan[2].title == "Bladder diary, day 2 of 3")
        #expect(plan[2].body == "Note when you got up, and measure each void today.")
        #expect(plan[3].body == "Note when you go to bed; measure any void in the night.")
        #expect(plan.last?.title == "Bladder diary, the last morning")
        // Planned again, the same keys: a delivery is never sent twice.
        #expect(
            NotificationPlanner.plan(try sources(run: run), from: Fixture.instant("2026-10-31T00:00:00-04:00")).map(
                \.key) == plan.map(\.key))
    }

    /// What is noted already is not asked for: got up early on day 2, to bed on day 1 already, and the
    /// last morning's getting up noted before its reminder.
    @Test func remindersOfMarksAlreadyNotedAreNotSent() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-10-31"))
        let from = Fixture.instant("2026-10-31T00:00:00-04:00")
        let all = NotificationPlanner.plan(try sources(run: run), from: from)
        let marks = [
            BladderDiaryMarksTests.mark(.wake, "2026-11-01", "2026-11-01T05:30:00-05:00"),
            BladderDiaryMarksTests.mark(.bed, "2026-10-31", "2026-10-31T22:10:00-04:00"),
            BladderDiaryMarksTests.mark(.wake, "2026-11-03", "2026-11-03T06:40:00-05:00"),
        ]
        let plan = NotificationPlanner.plan(try sources(run: run, marks: marks), from: from)
        #expect(
            plan.map(\.due)
                == [
                    "2026-10-31T07:00:00-04:00", "2026-11-01T23:00:00-05:00", "2026-11-02T07:00:00-05:00",
                    "2026-11-02T23:00:00-05:00",
                ].map(Fixture.instant))
        // The others are the same notifications as without the marks, under the same keys.
        #expect(Set(plan.map(\.key)).isSubset(of: Set(all.map(\.key))))
    }

    @Test func aStoppedDiaryOrTheSwitchOffRemindsOfNothing() throws {
        let run = try DiaryRun.starting(Fixture.day("2026-10-31"))
        let from = Fixture.instant("2026-10-31T00:00:00-04:00")
        #expect(NotificationPlanner.plan(try sources(run: run, diary: false), from: from).isEmpty)
        let stopped = try #require(run.stopping(on: Fixture.day("2026-10-31")))
        #expect(NotificationPlanner.plan(try sources(run: stopped), from: from).isEmpty)
        #expect(NotificationPlanner.plan(try sources(run: nil), from: from).isEmpty)
    }
}
