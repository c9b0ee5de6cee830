/// The `UNTIL` rule part: the inclusive end of a rule.
///
/// RFC 5545 §3.3.10: a `DATE` or floating `DATE-TIME` is compared with the wall-clock time of each candidate in
/// the expansion zone; a UTC `DATE-TIME` (`Z`) is compared with the candidate's instant. A `DATE` bound keeps every
/// candidate on that date (the whole day is inclusive).
public enum RuleUntil: Hashable, Sendable {
    /// `UNTIL=19971224`: last included local date.
    case date(CivilDate)
    /// `UNTIL=19971224T000000`: last included wall-clock time.
    case floating(LocalDateTime)
    /// `UNTIL=19971224T000000Z`: last included instant, written as UTC fields.
    case utc(LocalDateTime)

    /// The iCalendar text of the value.
    public var text: String {
        switch self {
        case .date(let date): return ICalendarText.format(date)
        case .floating(let local): return ICalendarText.format(local)
        case .utc(let local): return ICalendarText.format(local) + "Z"
        }
    }
}
