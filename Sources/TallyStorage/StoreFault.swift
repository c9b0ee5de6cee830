/// A database this version cannot read: one not holding what Tally wrote (a bug or outside tampering, never
/// the user's input), or one a newer Tally has migrated. Every database reports these.
public enum StoreFault: Error, CustomStringConvertible {
    case corrupt(String)
    /// Migrations a newer version of Tally applied, which this one does not know; `known` is the last
    /// migration this one has.
    case newerSchema([String], known: String)

    public var description: String {
        switch self {
        case .corrupt(let what): "the database holds an unreadable \(what)"
        case .newerSchema(let migrations, let known):
            "the database was written by a newer version of Tally (migration \(migrations.joined(separator: ", ")));"
                + " this tally's schema ends at migration \(known): upgrade tally to open it"
        }
    }
}
