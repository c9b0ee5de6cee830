import ServiceLifecycle

/// `tally serve`'s application as a service that is built when the group starts it, not before: building
/// it reads the database (keys, accounts), which on PostgreSQL needs the client the group runs before it.
struct ApplicationStartup: Service {
    let build: @Sendable () async throws -> any Service

    func run() async throws {
        try await build().run()
    }
}
