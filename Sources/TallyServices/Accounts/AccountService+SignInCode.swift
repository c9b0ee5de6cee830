import Foundation
import TallyCore
import TallyStorage

/// What keeps a flood of guesses from locking a person out of a new device: they are told when it starts,
/// and may ask for a ``SignInCode`` on their own notification channels.
extension AccountService {
    /// Sends a sign-in code to the channels of the account called `name`, at most
    /// ``LoginThrottle/codesPerName`` times in a window. It answers alike whether or not the name exists or
    /// has a channel, so nobody learns either from it: the same reads either way, and the delivery goes on
    /// after the answer (a channel that is slow or hangs would otherwise show that the name exists).
    ///
    /// Returns the delivery under way, which ends with how many channels it reached (none for a name that
    /// does not exist). The edges do not wait for it.
    @discardableResult
    public func sendSignInCode(name: String) async throws -> Task<Int, Never> {
        let now = clock.now()
        let key = throttle.codeSentKey(name)
        if let full = try await store.admitLoginAttempt(keys: [key], at: now, since: throttle.windowStart(now: now)) {
            throw throttle.refusal(failures: full.attempts, key: full.key, now: now)
        }
        guard let notices else {
            throw TallyError.unavailable("this server cannot send sign-in codes: it sends no notifications")
        }
        let codeKey = try await codeKey()
        guard let user = try? await store.user(named: UserName.parse(name)) else { return Task { 0 } }
        let code = SignInCode(for: user, at: now, key: codeKey)
        return Task {
            await notices.tell(
                user, title: "Your Tally sign-in code: \(code.text)",
                body: "Type \(code.text) with your password to sign in to Tally as \(user.name) on a new device. "
                    + "It works for the next 10 minutes. If you did not ask for it, nothing is needed: nobody can "
                    + "sign in with it without your password.")
        }
    }

    /// Tells the owner of `name`, once a window, that guesses from elsewhere hold back new devices.
    ///
    /// It runs after the refusal is answered, so the refusal takes the same time whether or not the name
    /// exists; a notice that cannot be sent is of no use to the guesser's request either way.
    func tellOwnerOfGuesses(name: String, attempts: [Date]) {
        guard let notices else { return }
        let now = clock.now()
        Task {
            do {
                guard let user = try? await store.user(named: UserName.parse(name)),
                    try await store.admitLoginAttempt(
                        keys: [throttle.alertKey(name)], at: now, since: throttle.windowStart(now: now)) == nil
                else { return }
                await tellOfGuesses(user, attempts: attempts.count, notices: notices)
            } catch {
                // The store failed: the guesser's refusal was answered already, and the owner is told next time.
            }
        }
    }

    private func tellOfGuesses(_ user: UserAccount, attempts: Int, notices: any AccountNotices) async {
        let minutes = Int((throttle.window / 60).rounded())
        _ = await notices.tell(
            user, title: "Someone is guessing your Tally password",
            body: "\(attempts) wrong passwords for \(user.name) came from devices you have not signed in on in "
                + "\(minutes) minutes, so new devices must wait to sign in. Devices you have signed in on before are "
                + "not held back. To sign in on a new one now, ask for a sign-in code on the sign-in page. If your "
                + "password is short or used elsewhere, change it on your Account page.")
    }

    func codeKey() async throws -> Data { try await SignInCode.key(in: store) }
}
