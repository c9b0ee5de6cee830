import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Each owner's records have a clock of their own here (a row of `owner_clocks`), taken with a row lock for
/// the length of a write: one person's writes are ordered, so their change feed never has a gap a reader
/// could skip, while different people's writes, from any server process, never wait for each other.
extension PostgresStore {
    /// Locks and reads the clock of `owner`, making it on the first write.
    static func lockClock(
        of owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws
        -> ReplicaClock
    {
        let rows = try await connection.rows(
            """
            INSERT INTO owner_clocks (owner_id, last_stamp, last_sequence) VALUES (\(owner), \(HLCStamp.zero.description), 0)
            ON CONFLICT (owner_id) DO UPDATE SET owner_id = excluded.owner_id
            RETURNING last_stamp, last_sequence
            """, logger: logger)
        guard let row = rows.first else { throw StoreFault.corrupt("owner_clocks") }
        let (text, sequence) = try row.decode((String, Int64).self)
        guard let stamp = HLCStamp(text) else { throw StoreFault.corrupt("owner_clocks.last_stamp") }
        return ReplicaClock(stamp: stamp, sequence: sequence)
    }

    /// The owner's clock as it stands, without taking it (a preview), or a new one.
    static func readClock(
        of owner: UUID, _ connection: PostgresConnection, logger: Logger
    ) async throws
        -> ReplicaClock
    {
        let rows = try await connection.rows(
            "SELECT last_stamp, last_sequence FROM owner_clocks WHERE owner_id = \(owner)", logger: logger)
        guard let row = rows.first else { return ReplicaClock(stamp: .zero, sequence: 0) }
        let (text, sequence) = try row.decode((String, Int64).self)
        guard let stamp = HLCStamp(text) else { throw StoreFault.corrupt("owner_clocks.last_stamp") }
        return ReplicaClock(stamp: stamp, sequence: sequence)
    }

    static func save(
        _ clock: ReplicaClock, of owner: UUID, _ connection: PostgresConnection, logger: Logger
    )
        async throws
    {
        try await connection.execute(try clockSaved(clock, of: owner).query(), logger: logger)
    }

    /// The statement saving `clock`, answering the row's new version (see ``OwnerWriteState``).
    static func clockSaved(_ clock: ReplicaClock, of owner: UUID) -> SQLPart {
        """
        UPDATE owner_clocks SET last_stamp = \(clock.stamp.description), last_sequence = \(clock.sequence)
        WHERE owner_id = \(owner)
        RETURNING xmin::text AS version
        """
    }

    public func currentStamp(owner: UUID) async throws -> HLCStamp {
        guard
            let text = try await rows("SELECT last_stamp FROM owner_clocks WHERE owner_id = \(owner)")
                .first?.decode(String.self)
        else { return .zero }
        guard let stamp = HLCStamp(text) else { throw StoreFault.corrupt("owner_clocks.last_stamp") }
        return stamp
    }
}
