import Foundation
import GRDB
import TallyCore
import TallyStorage

/// The embedded store is one replica with one clock, whoever owns the records: the `replica` row.
extension ReplicaClock {
    init(_ db: Database) throws {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT last_stamp, last_sequence FROM replica")),
            let stamp = HLCStamp(row["last_stamp"] as String)
        else { throw StoreFault.corrupt("replica") }
        self.init(stamp: stamp, sequence: row["last_sequence"])
    }

    func save(_ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE replica SET last_stamp = ?, last_sequence = ?")
            .execute(arguments: [stamp.description, sequence])
    }
}
