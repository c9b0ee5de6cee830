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

    /// Sets a column, replacing the value it had.
    subscript(name: String) -> DatabaseValue? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            let value = newValue ?? .null
            if let index = names.firstIndex(of: name) {
                values[index] = value
            } else {
                names.append(name)
                values.append(value)
            }
        }
    }

    /// Sets every column of `other`.
    mutating func set(_ other: RowValues) {
        for (name, value) in zip(other.names, other.values) { self[name] = value }
    }
}
