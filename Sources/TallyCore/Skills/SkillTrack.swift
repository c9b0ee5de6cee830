/// One skill's completion levels over a run of days, one byte a day, so that the due-day and rollover
/// rules can look at many days without hashing.
public struct SkillTrack: Sendable {
    /// The day number of the first day held.
    let base: Int
    var ranks: [UInt8]

    init(first: LocalDay, last: LocalDay) {
        base = first.dayNumber
        ranks = Array(repeating: 0, count: max(0, first.days(to: last) + 1))
    }

    static let empty = SkillTrack(first: LocalDay(dayNumber: 0), last: LocalDay(dayNumber: -1))

    /// The level on `day`; a day outside the run counts as nothing done.
    public func level(on day: LocalDay) -> CompletionLevel { level(dayNumber: day.dayNumber) }

    func level(dayNumber: Int) -> CompletionLevel {
        let index = dayNumber - base
        guard index >= 0, index < ranks.count else { return .none }
        return CompletionLevel(rank: ranks[index])
    }

    mutating func set(_ level: CompletionLevel, dayNumber: Int) {
        let index = dayNumber - base
        guard index >= 0, index < ranks.count else { return }
        ranks[index] = level.rank
    }
}
