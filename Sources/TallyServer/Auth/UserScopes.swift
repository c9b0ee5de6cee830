import Foundation
import TallyCore
import TallyServices
import TallyStorage

/// Makes the scope of the user a request is for. Routes hold this, never a scope, so no handler can
/// reach data without going through the signed-in user.
struct UserScopes: Sendable {
    let store: any TallyStore
    let clock: any WallClock
    let machineZone: TimeZone

    func scope(for owner: UUID) -> UserScope {
        UserScope(store: store, owner: owner, clock: clock, machineZone: machineZone)
    }

    /// The signed-in user's scope. ``AuthMiddleware`` lets no request reach a private route without one.
    func current() throws -> UserScope { scope(for: try RequestAuth.user().id) }
}

/// A group of routes that act for the signed-in user.
protocol UserRoutes {
    var scopes: UserScopes { get }
}

extension UserRoutes {
    /// The signed-in user's scope.
    var scope: UserScope {
        get throws { try scopes.current() }
    }
}
