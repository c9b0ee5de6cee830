import Foundation
import TallyCore
import TallyServices
import TallyStorage

/// Makes the scope of a person. Signed-in routes get theirs from the ``SignedInContext``; open routes
/// whose secret address names a person (widgets, share links, calendar feeds) make it here.
struct UserScopes: Sendable {
    let store: any TallyStore
    let clock: any WallClock
    let machineZone: TimeZone

    func scope(for owner: UUID, reading: RequestNow? = nil) -> UserScope {
        UserScope(store: store, owner: owner, clock: clock, machineZone: machineZone, reading: reading)
    }
}
