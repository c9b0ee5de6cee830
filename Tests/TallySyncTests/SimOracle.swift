import Foundation
import TallyCore

/// Every write a replica acknowledged (its store committed it), and what must survive of them: for each
/// record (or natural key: a setting, a day's goal, completion, habit or journal entry) the winning
/// version, worked out here independently of the store, must be what every replica holds at the end, or
/// nothing when it is a delete. A delete wins within a record's life; a journal day's later life wins.
struct SimOracle {
    private(set) var versions: [String: [RecordMeta]] = [:]
    private(set) var deletedIDs: Set<UUID> = []
    private var lives: Set<String> = []
    private(set) var count = 0

    mutating func acknowledge(_ record: AnyRecord) {
        let key = Self.naturalKey(record)
        versions[key, default: []].append(record.meta)
        if record.as(JournalEntry.self) != nil { lives.insert(key) }
        if record.meta.isDeleted { deletedIDs.insert(record.meta.id) }
        count += 1
    }

    /// The natural key → winning version, for keys whose winner is alive.
    func expectedLive() -> [String: RecordMeta] {
        var result: [String: RecordMeta] = [:]
        for key in versions.keys {
            if let winner = winner(of: key), !winner.isDeleted { result[key] = winner }
        }
        return result
    }

    func winner(of key: String) -> RecordMeta? {
        guard var winner = versions[key]?.first else { return nil }
        for meta in versions[key, default: []].dropFirst() where Self.beats(meta, winner, lives: lives.contains(key)) {
            winner = meta
        }
        return winner
    }

    /// The rule, written out again rather than borrowed from the code under test.
    static func beats(_ a: RecordMeta, _ b: RecordMeta, lives: Bool) -> Bool {
        if lives, a.createdAt.millisecondsSince1970 != b.createdAt.millisecondsSince1970 {
            return a.createdAt.millisecondsSince1970 > b.createdAt.millisecondsSince1970
        }
        if a.isDeleted != b.isDeleted { return a.isDeleted }
        if a.stamp != b.stamp { return a.stamp > b.stamp }
        return a.deviceID.uuidString > b.deviceID.uuidString
    }

    /// The versions written under `key`, one line each, for a failure message.
    func history(of key: String, compacted: Set<UUID>) -> String {
        versions[key, default: []].map { meta in
            "\n  \(meta.id) created \(meta.createdAt.millisecondsSince1970) stamp \(meta.stamp) "
                + "device \(meta.deviceID.uuidString.prefix(8))\(meta.isDeleted ? " deleted" : "")"
                + "\(compacted.contains(meta.id) ? " compacted" : "")"
        }.joined()
    }

    static func naturalKey(_ record: AnyRecord) -> String {
        if let setting = record.as(SettingRecord.self) { return "setting|\(setting.key.rawValue)" }
        if let goal = record.as(WaterGoal.self) { return "goal|\(goal.effectiveFrom)" }
        if let completion = record.as(SkillCompletion.self) {
            return "completion|\(completion.skillID)|\(completion.day)"
        }
        if let completion = record.as(RoutineCompletion.self) {
            return "routine|\(completion.habit.rawValue)|\(completion.day)"
        }
        if let entry = record.as(JournalEntry.self) { return "journal|\(entry.date)" }
        return "\(record.kind)|\(record.meta.id)"
    }
}
