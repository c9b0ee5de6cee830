import Foundation
import TallyCore
import TallyStorage

/// What this process last knew of an owner's clock row once its own write committed: the row's version
/// (PostgreSQL's `xmin`, the transaction that wrote it), the clock it held and the day start the owner's
/// totals were kept under (-1: none kept). While the row still has that version, no other write of the
/// owner has happened since, anywhere, so the next write can be planned from it and sent as one statement
/// (``PostgresStore/quickWrite(_:owner:now:)``), which checks the version as it takes the row.
struct OwnerWriteState: Sendable {
    var version: String
    var clock: ReplicaClock
    var basis: Int64
}

/// The states of the owners this process wrote for. A write takes its owner's state out while it runs, so
/// two writes of one owner at once never both plan from it (``OwnerTurns`` already keeps them apart; a
/// merge, which takes no turn, puts a state back when it commits).
final class OwnerWriteStates: Sendable {
    private let states = LockedValue<[UUID: OwnerWriteState]>([:])
    /// Owners remembered at most: past it the memory starts again (a state is only a shortcut).
    static let limit = 10_000

    func take(_ owner: UUID) -> OwnerWriteState? {
        states.withLock { $0.removeValue(forKey: owner) }
    }

    func put(_ state: OwnerWriteState, for owner: UUID) {
        states.withLock { states in
            if states.count >= Self.limit { states.removeAll() }
            states[owner] = state
        }
    }

    func forget(_ owner: UUID) {
        states.withLock { _ = $0.removeValue(forKey: owner) }
    }
}
