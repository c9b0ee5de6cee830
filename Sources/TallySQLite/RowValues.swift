import GRDB

/// A row to write: column names and values in the order they were set. Written like a dictionary
/// (`values["at_ms"] = ...`), but without hashing: a merge builds ten thousand of these at a time, and the
/// fixed order lets each table reuse one prepared upsert.
struct RowValues {
    private(set) var names: [String] = []
    private(set) var values: [DatabaseValue] = []

    init() {
        names.reserveCapacity(20)
        values.reserveCapacity(20)
    }

    /// Sets a column. Each column is set once: the builders name every column once, and a lookup per
    /// column made building ten thousand rows measurably slower.
    subscript(name: String) -> DatabaseValue? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            assert(!names.contains(name), "\(name) set twice")
            names.append(name)
            values.append(newValue ?? .null)
        }
    }

    /// Sets every column of `other`.
    mutating func set(_ other: RowValues) {
        for (name, value) in zip(other.names, other.values) { self[name] = value }
    }
}
