/// A bladder diary the person set out to keep: a run of diary days (three by default) from a chosen day,
/// which Tally reminds them of at wake-up and bedtime and whose report opens with its period.
///
/// Kept as a ``NamedSetting`` (`bladderDiary`) so that it syncs between the person's replicas and earlier
/// versions pass it over. Its text is `2026-11-29..2026-12-01`, followed by ` stopped` once the person
/// ended it early (its last day is then the day they stopped).
public struct DiaryRun: Hashable, Sendable, CustomStringConvertible {
    /// A diary is usually kept for three days (ICS: 3 days for a frequency-volume chart).
    public static let defaultDays = 3
    /// The longest run a person may start.
    public static let maximumDays = 14

    public var from: LocalDay
    public var to: LocalDay
    /// Whether the person ended it before its last day.
    public var stopped: Bool

    public init(from: LocalDay, to: LocalDay, stopped: Bool = false) {
        self.from = from
        self.to = to
        self.stopped = stopped
    }

    /// A run of `days` diary days from `from`, or what is wrong with the length.
    public static func starting(_ from: LocalDay, days: Int = defaultDays) throws(TallyError) -> DiaryRun {
        guard (1...maximumDays).contains(days) else {
            throw .invalid(field: "days", reason: "a diary lasts 1 to \(maximumDays) days")
        }
        return DiaryRun(from: from, to: from.adding(days: days - 1))
    }

    /// How many diary days it covers.
    public var days: Int { from.days(to: to) + 1 }

    /// This run ended early on diary day `today`; nil when it had not begun (nothing is left to keep).
    public func stopping(on today: LocalDay) -> DiaryRun? {
        guard today >= from else { return nil }
        return DiaryRun(from: from, to: min(today, to), stopped: true)
    }

    public var description: String { "\(from)..\(to)" + (stopped ? " stopped" : "") }

    /// Reads the stored text, or names what is wrong with it.
    public static func parse(_ text: String) throws(TallyError) -> DiaryRun {
        var body = Substring(text)
        let stopped = body.hasSuffix(" stopped")
        if stopped { body = body.dropLast(" stopped".count) }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty else {
            throw .invalid(field: "bladder diary", reason: "'\(text)' is not a period like 2026-11-29..2026-12-01")
        }
        let from = try LocalDay.parse(String(parts[0]), field: "bladder diary")
        let to = try LocalDay.parse(String(parts[2]), field: "bladder diary")
        guard from <= to, from.days(to: to) < maximumDays else {
            throw .invalid(field: "bladder diary", reason: "'\(text)' is not 1 to \(maximumDays) days in order")
        }
        return DiaryRun(from: from, to: to, stopped: stopped)
    }
}
