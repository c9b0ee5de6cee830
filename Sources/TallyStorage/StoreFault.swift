/// A database this version cannot read: one not holding what Tally wrote (a bug or outside tampering, never
/// the user's input), or one a newer Tally has migrated. Every database reports these.
public enum StoreFault: Error, CustomStringConvertible {
    case corrupt(String)
    /// Migrations a newer version of Tally applied, which this one does not know.
    case newerSchema([String])

    public var description: String {
        switch self {
        case .corrupt(let what): "the database holds an unreadable \(what)"
        case .newerSchema(let migrations):
            "the database was written by a newer version of Tally (migration \(migrations.joined(separator: ", ")));"
                + " upgrade tally to open it"
        }
    }
}
