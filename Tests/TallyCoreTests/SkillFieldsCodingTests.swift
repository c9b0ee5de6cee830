import Foundation
import Testing

@testable import TallyCore

/// Replicas and backups of versions before monthly frequencies decode a skill's `frequency` and target
/// `period` strictly; what this version writes must still read there, and what they wrote reads here.
@Suite struct SkillFieldsCodingTests {
    /// A skill as the version of 23 November 2026 wrote it (from `Tests/Fuzz/corpus/backup/small-backup.json`).
    static let earlierSkill = #"""
        {"fields":{"category":"personal-development","frequency":"3/week","name":"Read","reviewReminder":false,\#
        "rollover":false,"startDay":"2026-11-23","target":{"amount":20,"period":"week","unit":"pages"}},\#
        "meta":{"createdAt":"2026-11-23T15:52:53.120Z","deviceID":"01DC0166-B392-47F8-AF2A-DB24D87127D2",\#
        "id":"38045B3C-6D87-4EB9-B6C3-4150FA495A83","isDeleted":false,"modifiedAt":"2026-11-23T15:52:53.120Z",\#
        "ownerID":"00000000-0000-0000-0000-000000000001","stamp":"0001795449173120-00000"}}
        """#

    /// The frequencies an earlier version reads: daily, N/week, weekdays, every-N-days.
    static func earlierVersionReads(_ text: String) -> Bool {
        text == "daily" || text.range(of: #"^[1-7]/week$"#, options: .regularExpression) != nil
            || text.range(of: #"^every-[0-9]+-days$"#, options: .regularExpression) != nil
            || text.range(
                of: #"^(mon|tue|wed|thu|fri|sat|sun)(,(mon|tue|wed|thu|fri|sat|sun))*$"#, options: .regularExpression)
                != nil
    }

    @Test func aSkillWrittenBeforeReadsAndIsWrittenByteForByteAsBefore() throws {
        let record = try RecordCoding.decode(kind: "skill", from: Data(Self.earlierSkill.utf8))
        let skill = try #require(record.base as? Skill)
        #expect(skill.frequency == .timesPerWeek(3) && skill.fields.target?.period == .week)
        #expect(String(decoding: try RecordCoding.encode(record), as: UTF8.self) == Self.earlierSkill)
    }

    @Test(arguments: [
        (SkillFrequency.timesPerMonth(1), SkillFrequency.timesPerWeek(1)), (.timesPerMonth(31), .timesPerWeek(7)),
        (.timesPerMonth(10), .timesPerWeek(2)), (.monthDays([1, 15]), .timesPerWeek(1)),
    ])
    func aMonthlySkillGivesAnEarlierVersionAWeeklyStandIn(frequency: SkillFrequency, standIn: SkillFrequency) throws {
        var skill = SkillFixture.skill("Budget", frequency, start: "2026-11-01")
        skill.fields.target = SkillTarget(amount: 12, unit: "entries", period: .month)
        let data = try RecordCoding.encode(AnyRecord(skill))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fields = try #require(json["fields"] as? [String: Any])
        let written = try #require(fields["frequency"] as? String)
        #expect(Self.earlierVersionReads(written), "\(written)")
        #expect(written == standIn.description)
        #expect((fields["target"] as? [String: Any])?["period"] as? String == "week")
        #expect(fields["monthlyFrequency"] as? String == frequency.description)
        #expect(fields["targetPerMonth"] as? Bool == true)
        // And this version reads back exactly what it wrote.
        #expect(try RecordCoding.decode(kind: "skill", from: data).base as? Skill == skill)
    }

    /// What an earlier replica sends back after editing a monthly skill (it dropped the keys it did not
    /// know) is read as the stand-in, not refused.
    @Test func anEarlierReplicasEditReadsAsItsStandIn() throws {
        let skill = SkillFixture.skill("Budget", .timesPerMonth(10), start: "2026-11-01")
        var json = try #require(
            try JSONSerialization.jsonObject(with: try RecordCoding.encode(AnyRecord(skill))) as? [String: Any])
        var fields = try #require(json["fields"] as? [String: Any])
        fields["monthlyFrequency"] = nil
        fields["name"] = "Budget review"
        json["fields"] = fields
        let edited = try JSONSerialization.data(withJSONObject: json)
        let read = try #require(try RecordCoding.decode(kind: "skill", from: edited).base as? Skill)
        #expect(read.name == "Budget review" && read.frequency == .timesPerWeek(2))
    }
}
