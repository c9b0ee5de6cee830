/// A malformed or invalid RRULE or recurrence-set text.
///
/// The ``message`` names the offending part and value, e.g. `BYMONTHDAY value 32 is out of range -31...31`.
public struct RecurrenceParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule part or property the problem is in (e.g. `BYMONTHDAY`, `DTSTART`), if there is one.
    public var part: String?
    /// A human-readable explanation that names the part and value.
    public var message: String

    /// Creates an error.
    public init(part: String?, message: String) {
        self.part = part
        self.message = message
    }

    public var description: String { message }
}

/// A recurrence set that cannot be expanded as asked.
public enum RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// All occurrences were requested from a set with an unbounded rule (no `COUNT` or `UNTIL`) and no limit.
    case unbounded
    /// A read needed more operations than its ``RecurrenceBudget`` allows (`operations`) and was cut.
    case overBudget(operations: Int)

    public var description: String {
        switch self {
        case .unbounded:
            return "the recurrence set is unbounded (a rule has neither COUNT nor UNTIL); pass a limit"
        case .overBudget(let operations):
            return "the rule repeats too often to plan: reading it needs more than \(operations) steps"
        }
    }
}
