import PostgresNIO
import ServiceLifecycle

/// The PostgreSQL client of a store opened with ``PostgresStore/ClientRunner/serviceGroup``, as a service:
/// the store's pool of connections serves calls while this runs, and graceful shutdown closes them. Put
/// first in a service group, it stops last, after every service that writes through the store.
public struct PostgresClientService: Service {
    let client: PostgresClient
    let state: PostgresClientRun

    public func run() async throws {
        await client.run()
        state.markStopped()
    }
}
