import Foundation
import TallyCore
import TallyServices

/// Tells people about their account on their own channels, at once: no claim, no retry and no delivery log,
/// since a sign-in code must not outlive its use, and a notice that cannot be sent now is of no use later.
extension Notifier: AccountNotices {
    public func tell(_ user: UserAccount, title: String, body: String) async -> Int {
        guard let channels = try? await store.channels(owner: user.id) else { return 0 }
        let now = clock.now()
        let message = NotificationMessage(
            key: "account:\(now.millisecondsSince1970)", kind: .account, title: title, body: body, due: now,
            dueLocal: TimeZone.gmt.localDateTime(of: now).description,
            link: baseURL.flatMap { URL(string: "/account", relativeTo: $0)?.absoluteURL })
        var reached = 0
        for channel in channels where !channel.isPaused {
            if case .delivered = await send(message, to: channel) { reached += 1 }
        }
        logger.info(
            "told \(user.name) about their account on \(reached) of \(channels.count) channels",
            metadata: ["owner": "\(user.id)"])
        return reached
    }
}
