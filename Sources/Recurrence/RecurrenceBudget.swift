/// How much work one read of a recurrence set may do, in operations: one operation is one period of a rule
/// loaded (a year of a YEARLY rule, a minute of a MINUTELY one) or one candidate instant examined in it.
///
/// A read that would need more stops and throws ``RecurrenceError/overBudget(operations:)`` instead of
/// looping: most rules cost a few dozen operations a read, and a rule that needs a million is one no person
/// can mean (an occurrence once in centuries of seconds, or a `COUNT` of a million seconds counted from
/// 2000). Operations are counted, not timed, so a busy machine does not change the answer.
public struct RecurrenceBudget: Hashable, Sendable {
    /// The most operations a read may do.
    public var operations: Int

    /// A budget of `operations`.
    public init(operations: Int) {
        self.operations = operations
    }

    /// The budget of one read in Tally: a million operations, about 35 ms of an optimized build and 0.2 s
    /// of a debug one (measured on `FREQ=SECONDLY`); plenty for any rule a person writes (a `COUNT` of
    /// 100,000, a month of a rule every minute, February 29 falling on a Monday once in 28 years), and never
    /// a stall.
    public static let perRead = RecurrenceBudget(operations: 1_000_000)

    /// No limit (a command-line expansion, where the person waiting asked for the work).
    public static let unlimited = RecurrenceBudget(operations: Int.max)
}
