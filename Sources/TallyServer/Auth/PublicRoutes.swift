/// The only paths a visitor reaches without signing in. Everything else needs a session or a token.
enum PublicRoutes {
    /// Pages for signing in and the first run, the API calls that trade a password for a token and send a
    /// sign-in code, the
    /// service worker, the push key browsers subscribe with, and notifications' buttons (their token is
    /// the credential), and the metrics (their own token, when turned on).
    static let exact: Set<String> = [
        "/health", "/ready", "/openapi.json", "/login", "/login/code", "/signup", "/setup", "/logout",
        "/api/v1/auth/tokens",
        "/api/v1/auth/sign-in-code", "/sw.js", "/api/v1/notifications/push-key", "/api/v1/notifications/actions",
        "/metrics",
    ]
    /// Static files, the public share links of water progress and of the diary report, calendar feeds and
    /// widgets (their secret address is the credential).
    static let prefixes = ["/static/", "/shared/", "/shared-diary/", "/calendar/", "/widget/"]

    static func contains(_ path: String) -> Bool {
        exact.contains(path) || prefixes.contains { path.hasPrefix($0) }
    }

    static func isAPI(_ path: String) -> Bool { path.hasPrefix("/api/") }
}
