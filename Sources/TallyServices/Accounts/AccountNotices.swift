import TallyCore

/// Where the server tells a person about their account (guesses holding their name back, a sign-in code
/// they asked for): their own notification channels. `TallyNotify`'s `Notifier` is the real one.
public protocol AccountNotices: Sendable {
    /// Sends `title` and `body` to each of the user's working channels now; how many it reached.
    func tell(_ user: UserAccount, title: String, body: String) async -> Int
}
