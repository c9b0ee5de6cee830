/// The only paths a visitor reaches without signing in. Everything else needs a session or a token.
enum PublicRoutes {
    /// Pages for signing in and the first run, and the API call that trades a password for a token.
    static let exact: Set<String> = [
        "/health", "/openapi.json", "/login", "/signup", "/setup", "/logout", "/api/v1/auth/tokens",
    ]
    /// Static files and the public share links of water progress.
    static let prefixes = ["/static/", "/shared/"]

    static func contains(_ path: String) -> Bool {
        exact.contains(path) || prefixes.contains { path.hasPrefix($0) }
    }

    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") }
}
