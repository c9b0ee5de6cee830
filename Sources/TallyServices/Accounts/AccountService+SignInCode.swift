import Foundation
import TallyCore
import TallyStorage

/// What keeps a flood of guesses from locking a person out of a new device: they are told when it starts,
/// and may ask for a ``SignInCode`` on their own notification channels.
extension AccountService {
    /// Sends a sign-in code to the channels of the account called `name`, at most
    /// ``LoginThrottle/codesPerName`` times in a window. It answers alike whether or not the name exists or
    /// has a channel, so nobody learns either from it.
    public func sendSignInCode(name: String) async throws {
        let now = clock.now()
        let key = throttle.codeSentKey(name)
        if let full = try await store.admitLoginAttempt(keys: [key], at: now, since: throttle.windowStart(now: now)) {
            throw throttle.refusal(failures: full.attempts, key: full.key, now: now)
        }
        guard let notices else {
            throw TallyError.unavailable("this server cannot send sign-in codes: it sends no notifications")
        }
        guard let user = try? await store.user(named: UserName.parse(name)) else { return }
        let code = SignInCode(for: user, at: now, key: try await codeKey())
        _ = await notices.tell(
            user, title: "Your Tally sign-in code: \(code.text)",
            body: "Type \(code.text) with your password to sign in to Tally as \(user.name) on a new device. "
                + "It works for the next 10 minutes. If you did not ask for it, nothing is needed: nobody can "
                + "sign in with it without your password.")
    }

    /// Tells the owner of `name`, once a window, that guesses from elsewhere hold back new devices.
    func tellOwnerOfGuesses(name: String, attempts: [Date]) async throws {
        let now = clock.now()
        guard let notices, let user = try? await store.user(named: UserName.parse(name)),
            try await store.admitLoginAttempt(
                keys: [throttle.alertKey(name)], at: now, since: throttle.windowStart(now: now)) == nil
        else { return }
        let minutes = Int((throttle.window / 60).rounded())
        _ = await notices.tell(
            user, title: "Someone is guessing your Tally password",
            body: "\(attempts.count) wrong passwords for \(user.name) came from devices you have not signed in on "
                + "in \(minutes) minutes, so new devices must wait to sign in. Devices you have signed in on before "
                + "are not held back. To sign in on a new one now, ask for a sign-in code on the sign-in page. "
                + "If your password is short or used elsewhere, change it on your Account page.")
    }

    func codeKey() async throws -> Data { try await SignInCode.key(in: store) }
}
