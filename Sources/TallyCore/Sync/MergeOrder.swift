import Foundation

/// Which of two copies of a record a replica keeps. Every replica applies the same total order, so
/// whatever order copies arrive in, all replicas end up keeping the same one.
///
/// Within one life of a record, a delete wins over any edit (a deleted record stays deleted), then the
/// later hybrid logical clock stamp wins, ties broken by device id. A journal day is the one kind that
/// can be written again after a delete: writing the day anew starts its next life, a new record created
/// later, and the later-created record of a day wins over everything of an earlier one, tombstone included.
public enum MergeOrder {
    /// Whether `incoming` should replace `stored`, two copies of the same record (or of the same
    /// natural key: a setting, a day's goal, completion, routine habit or journal entry).
    public static func replaces(_ incoming: AnyRecord, over stored: RecordMeta) -> Bool {
        if incoming.kind.hasLives {
            let storedLife = stored.createdAt.millisecondsSince1970
            let incomingLife = incoming.meta.createdAt.millisecondsSince1970
            if storedLife != incomingLife { return incomingLife > storedLife }
        }
        return stored.isSuperseded(by: incoming.meta)
    }
}
