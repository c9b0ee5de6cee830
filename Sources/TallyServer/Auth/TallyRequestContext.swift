import Foundation
import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's basics, the peer's address (the log-in throttle
/// counts failures by it), and who sent the request with the anti-forgery token its pages' forms carry
/// (both set by ``IdentifyMiddleware``). Signed-in routes see a ``SignedInContext`` instead.
struct TallyRequestContext: RequestContext, RemoteAddressRequestContext, PageRequest {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    var caller = Caller.visitor
    var formToken: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as text, or nil when unknown (tests through the router).
    var clientAddress: String? { remoteAddress?.ipAddress }

    var pageOwner: UUID? { caller.auth?.user.id }
}
