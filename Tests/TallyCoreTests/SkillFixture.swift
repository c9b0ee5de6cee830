import Foundation

@testable import TallyCore

/// Skills and completions for the skills tests.
enum SkillFixture {
    static func skill(
        _ name: String, _ frequency: SkillFrequency = .daily, start: String = "2026-01-01", end: String? = nil,
        rollover: Bool = false, archivedOn: String? = nil, reviewReminder: Bool = false
    ) -> Skill {
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast, deviceID: UUID(),
            stamp: .zero)
        let fields = SkillFields(
            name: name, frequency: frequency, startDay: Fixture.day(start), endDay: end.map(Fixture.day),
            rollover: rollover, reviewReminder: reviewReminder)
        return Skill(meta: meta, fields: fields, archivedOn: archivedOn.map(Fixture.day))
    }

    static func mark(_ skill: Skill, _ day: String, _ level: CompletionLevel = .full) -> SkillMark {
        SkillMark(skillID: skill.id, day: Fixture.day(day), level: level)
    }

    /// A book over `from...to` (plus the log's look-back).
    static func book(
        _ skills: [Skill], _ marks: [SkillMark], from: String = "2025-01-01", to: String = "2027-12-31"
    )
        -> SkillBook
    {
        SkillBook(
            skills: skills,
            log: SkillLog(marks: marks, covering: SkillLog.window(from: Fixture.day(from), to: Fixture.day(to))))
    }

    /// The days of `from...to` whose list shows `skill`.
    static func shown(_ skill: Skill, _ marks: [SkillMark] = [], from: String, to: String) -> [String] {
        let book = book([skill], marks)
        let first = Fixture.day(from)
        return (0...first.days(to: Fixture.day(to))).compactMap { offset in
            let day = first.adding(days: offset)
            return book.tasks(on: day).isEmpty ? nil : day.description
        }
    }

    static func due(_ skill: Skill, _ marks: [SkillMark] = [], from: String, to: String) -> [String] {
        let book = book([skill], marks)
        let first = Fixture.day(from)
        return (0...first.days(to: Fixture.day(to))).compactMap { offset in
            let day = first.adding(days: offset)
            return book.tasks(on: day).first?.isDue == true ? day.description : nil
        }
    }
}
