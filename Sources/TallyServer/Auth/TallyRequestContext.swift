import Hummingbird
import NIOCore

/// The request context of every Tally route: Hummingbird's basics plus the peer's address, which the
/// log-in throttle counts failures by.
struct TallyRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The peer's IP address as text, or nil when unknown (tests through the router).
    var clientAddress: String? { remoteAddress?.ipAddress }
}
