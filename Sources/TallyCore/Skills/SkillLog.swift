import Foundation

/// Every skill's completions over a window of days, read once and then looked up by skill and day.
///
/// A window for the days `from...to` holds two weeks more before `from`: enough for a rollover (at most
/// ``SkillSchedule/maxCarryDays`` back) and for counting a week's completions.
public struct SkillLog: Sendable {
    public let first: LocalDay
    public let last: LocalDay
    private var keys: [Key: SkillTrack] = [:]

    private struct Key: Hashable {
        let high: UInt64
        let low: UInt64
    }

    /// The days a window for `from...to` must read.
    public static func window(from: LocalDay, to: LocalDay) -> ClosedRange<LocalDay> {
        from.adding(days: -lookBack)...to
    }

    static let lookBack = 14

    public init(marks: [SkillMark], covering range: ClosedRange<LocalDay>) {
        first = range.lowerBound
        last = range.upperBound
        let low = first.dayNumber
        let high = last.dayNumber
        // Marks arrive grouped by skill: hash a skill's id once per run, not once per mark.
        var runID: UUID?
        var run = SkillTrack.empty
        for mark in marks {
            let day = mark.day.dayNumber
            guard day >= low && day <= high else { continue }
            if mark.skillID != runID {
                if let runID { keys[Self.key(runID)] = run }
                runID = mark.skillID
                run = keys[Self.key(mark.skillID)] ?? SkillTrack(first: first, last: last)
            }
            run.set(mark.level, dayNumber: day)
        }
        if let runID { keys[Self.key(runID)] = run }
    }

    /// The skill's levels across the window.
    public func track(_ skillID: UUID) -> SkillTrack { keys[Self.key(skillID)] ?? .empty }

    public func level(_ skillID: UUID, on day: LocalDay) -> CompletionLevel { track(skillID).level(on: day) }

    private static func key(_ id: UUID) -> Key {
        let b = id.uuid
        let high =
            UInt64(b.0) << 56 | UInt64(b.1) << 48 | UInt64(b.2) << 40 | UInt64(b.3) << 32 | UInt64(b.4) << 24
            | UInt64(b.5) << 16 | UInt64(b.6) << 8 | UInt64(b.7)
        let low =
            UInt64(b.8) << 56 | UInt64(b.9) << 48 | UInt64(b.10) << 40 | UInt64(b.11) << 32 | UInt64(b.12) << 24
            | UInt64(b.13) << 16 | UInt64(b.14) << 8 | UInt64(b.15)
        return Key(high: high, low: low)
    }
}
