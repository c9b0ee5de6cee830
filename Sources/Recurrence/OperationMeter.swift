/// Counts the operations (periods loaded and candidates examined, see ``RecurrenceBudget``) of one read,
/// shared by every rule iterator of the read, and says when the budget is spent.
final class OperationMeter {
    /// The budget.
    let limit: Int
    /// Operations done so far.
    private(set) var used = 0

    init(limit: Int = Int.max) {
        self.limit = limit
    }

    convenience init(_ budget: RecurrenceBudget) {
        self.init(limit: budget.operations)
    }

    /// Whether the work done so far exceeds the budget (the read was cut and its answer is incomplete).
    var isExceeded: Bool {
        used > limit
    }

    /// Records `count` operations; `false` once the budget is exceeded.
    @inline(__always)
    func spend(_ count: Int) -> Bool {
        used = used &+ count
        return used <= limit
    }

    /// The operations left before the budget is exceeded.
    var remaining: Int {
        max(0, limit - used)
    }

    /// Marks the budget as spent (work already known to cost more than is left).
    func exhaust() {
        if limit < Int.max { used = max(used, limit + 1) }
    }

    /// Throws ``RecurrenceError/overBudget(operations:)`` if the budget was exceeded.
    func check() throws(RecurrenceError) {
        if isExceeded { throw .overBudget(operations: limit) }
    }
}
