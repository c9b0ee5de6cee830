import Foundation
import TallyCore

/// Publishes to an ntfy topic (`https://ntfy.sh/my-topic` or a self-hosted server): the message as the
/// body, and the `Title`, `Priority`, `Tags` and `Click` headers; the channel's access token as a bearer
/// token. Non-ASCII header text is sent RFC 2047-encoded, which ntfy reads.
public struct NtfySender: ChannelSender {
    let http: OutgoingHTTP

    public init(http: OutgoingHTTP) {
        self.http = http
    }

    public func send(_ message: NotificationMessage, to channel: NotificationChannel) async -> SendResult {
        await http.post(
            channel.url, headers: Self.headers(message, token: channel.token), body: Array(message.body.utf8))
    }

    static func headers(_ message: NotificationMessage, token: String?) -> [(String, String)] {
        var headers = [
            ("Title", headerText(message.title)), ("Priority", String(message.priority)),
            ("Tags", message.tags.joined(separator: ",")), ("Content-Type", "text/plain; charset=utf-8"),
        ]
        if let link = message.link { headers.append(("Click", link.absoluteString)) }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        if let actions = actions(message) { headers.append(("Actions", actions)) }
        return headers
    }

    /// ntfy's HTTP action buttons: each posts the notification's token to Tally, from the phone.
    static func actions(_ message: NotificationMessage) -> String? {
        guard let token = message.actionToken, let url = message.actionURL else { return nil }
        let buttons = NotificationButton.buttons(for: message).map { button, label in
            "http, \(label), \(url.absoluteString), method=POST, headers.Content-Type=application/json, "
                + "body='{\"token\":\"\(token)\",\"action\":\"\(button.rawValue)\"}', clear=true"
        }
        return buttons.isEmpty ? nil : buttons.joined(separator: "; ")
    }

    /// ASCII text as it is; anything else as an RFC 2047 encoded word (`=?UTF-8?B?...?=`).
    static func headerText(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if flat.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 }) { return flat }
        return "=?UTF-8?B?\(Data(flat.utf8).base64EncodedString())?="
    }
}
