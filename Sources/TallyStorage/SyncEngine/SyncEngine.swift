import Foundation
import TallyCore

/// The rules every database applies to records, in one place: which copy of a record wins, who may
/// write what, how the hybrid logical clock moves, how natural keys are reused, and what compaction
/// drops. A store reads what the engine asks for, calls it inside its transaction, and writes its plan.
///
/// A record is known by its owner, kind and id: two people's records under the same id are two records,
/// so an id of someone else's is, to anyone else, an id nothing is stored under.
public enum SyncEngine {
    /// Plans changes made on this replica at `now`: each record gets the next stamp and sequence number
    /// and this device's id.
    public static func write(_ records: [AnyRecord], deviceID: UUID, clock: ReplicaClock, now: Date) -> WritePlan {
        var plan = WritePlan(clock: clock)
        for var record in records {
            record.meta.stamp = plan.clock.tick(now: now)
            record.meta.deviceID = deviceID
            plan.writes.append(.init(record: record, sequence: plan.clock.sequence, replacing: nil))
        }
        return plan
    }

    /// The one owner of a batch, nil for an empty one. A write or a merge is one person's: the store
    /// reads what that person holds and, where clocks are per person, takes theirs. A batch mixing people
    /// is refused.
    public static func owner(of records: [AnyRecord]) throws(TallyError) -> UUID? {
        guard let first = records.first?.meta.ownerID else { return nil }
        if let other = records.first(where: { $0.meta.ownerID != first }) {
            throw .invalid(
                field: "ownerId", reason: "\(other.kind) \(other.meta.id) belongs to someone else than the rest")
        }
        return first
    }

    /// Plans a merge of records made elsewhere (see ``RecordStore/merge(_:now:)``), given what the store
    /// holds of them: `stored` is read for the batch's one owner (see ``owner(of:)``). Throws, planning
    /// nothing, when a stamp is too far ahead of `now`. `stored` is consumed: the plan adds each record it
    /// plans to it, which would copy every header a caller still held.
    public static func merge(
        _ records: [AnyRecord], stored: consuming StoredHeaders, clock: ReplicaClock, now: Date
    ) throws(TallyError) -> WritePlan {
        _ = try owner(of: records)
        // Checked before anything is planned, so a far-future stamp refuses the batch as a whole.
        for record in records { try HLCStamp.checkLead(record.meta.stamp, now: now) }
        var plan = WritePlan(clock: clock)
        for record in records {
            try plan.clock.receive(record.meta.stamp, now: now)
            let naturalKey = NaturalKeyRef(record)
            let existing = naturalKey.map { stored.byNaturalKey[$0] } ?? stored.byID[RecordRef(record)]
            if let existing {
                guard MergeOrder.replaces(record, over: existing) else {
                    plan.result.unchanged += 1
                    continue
                }
            } else if stored.compacted.contains(record.meta.id) {
                // A compacted tombstone's id stays deleted: whatever copy still travels loses to the delete.
                plan.result.unchanged += 1
                continue
            }
            plan.writes.append(.init(record: record, sequence: plan.clock.nextSequence(), replacing: existing))
            if existing == nil {
                plan.result.inserted += 1
                if record.meta.isDeleted {
                    plan.result.insertedDeletions += 1
                } else {
                    plan.result.insertedByKind[record.kind, default: 0] += 1
                }
            } else {
                plan.result.updated += 1
            }
            stored.remember(record, replacing: existing)
        }
        return plan
    }

    /// Plans the compaction of `tombstones` (kind and id) of `owner`. A kind with lives (a journal day)
    /// keeps its tombstones: a day's latest life must outrank late copies of earlier ones, which have
    /// other ids.
    public static func compaction(
        of tombstones: [RecordRef], owner: UUID, clock: ReplicaClock, now: Date
    )
        -> CompactionPlan
    {
        var plan = CompactionPlan(owner: owner, clock: clock)
        for tombstone in tombstones {
            guard !tombstone.kind.hasLives else { continue }
            plan.removed.append(tombstone)
            plan.markers.append(marker(tombstone.id, owner: owner, clock: &plan.clock, now: now))
        }
        return plan
    }

    /// Plans dropping records another replica compacted (a pulled page's `purged`): every record of
    /// `owner` with one of these ids goes, and a marker keeps each id, unless it is already `compacted`.
    public static func purge(
        _ ids: [UUID], owner: UUID, compacted: Set<UUID>, clock: ReplicaClock, now: Date
    )
        -> CompactionPlan
    {
        var plan = CompactionPlan(owner: owner, clock: clock)
        var seen = compacted
        for id in ids where seen.insert(id).inserted {
            plan.removed += RecordKinds.all.map { RecordRef(kind: $0.kind, id: id) }
            plan.markers.append(marker(id, owner: owner, clock: &plan.clock, now: now))
        }
        return plan
    }

    /// A compaction marker is a change of its own: stamped and numbered when the tombstone is compacted.
    private static func marker(_ id: UUID, owner: UUID, clock: inout ReplicaClock, now: Date) -> CompactionMarker {
        let stamp = clock.tick(now: now)
        return CompactionMarker(id: id, owner: owner, stamp: stamp, sequence: clock.sequence)
    }
}
