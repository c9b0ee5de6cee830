import Foundation

/// A channel as a person gives it, from the web page, the API or `tally notify add`: checked here once.
public struct ChannelDraft: Hashable, Sendable {
    public static let nameLength = 1...60

    public var kind: NotificationChannel.Kind
    public var url: String
    public var name: String?
    public var token: String?
    public var pushKey: String?
    public var pushAuth: String?

    public init(
        kind: NotificationChannel.Kind, url: String, name: String? = nil, token: String? = nil,
        pushKey: String? = nil, pushAuth: String? = nil
    ) {
        self.kind = kind
        self.url = url
        self.name = name
        self.token = token
        self.pushKey = pushKey
        self.pushAuth = pushAuth
    }

    /// The checked URL, name and token; the name defaults to the URL's host (or "This browser" for push).
    public func validated() throws(TallyError) -> ChannelDraft {
        var draft = self
        draft.url = try Self.checkedURL(url)
        let name = (name ?? "").trimmingCharacters(in: .whitespaces)
        draft.name = try Self.checkedName(name.isEmpty ? defaultName(for: draft.url) : name)
        if let token = token?.trimmingCharacters(in: .whitespaces), !token.isEmpty {
            guard token.count <= 256, token.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }) else {
                throw .invalid(field: "token", reason: "a token is up to 256 printable characters without spaces")
            }
            draft.token = token
        } else {
            draft.token = nil
        }
        if kind == .push {
            guard let key = pushKey, let auth = pushAuth, !key.isEmpty, !auth.isEmpty else {
                throw .invalid(
                    field: "subscription", reason: "a push subscription needs its p256dh key and auth secret")
            }
            guard Self.isBase64URL(key), Self.isBase64URL(auth) else {
                throw .invalid(field: "subscription", reason: "the subscription's keys are not base64url text")
            }
        }
        return draft
    }

    /// The address as ``ChannelURL`` reads it, normalised (lowercase scheme and host).
    public static func checkedURL(_ text: String) throws(TallyError) -> String {
        try ChannelURL(parsing: text).text
    }

    static func checkedName(_ name: String) throws(TallyError) -> String {
        guard nameLength.contains(name.count),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw .invalid(field: "name", reason: "a channel's name is 1 to 60 characters")
        }
        return name
    }

    private func defaultName(for url: String) -> String {
        if kind == .push { return "This browser" }
        let address = try? ChannelURL(parsing: url)
        let host = address?.hostText ?? kind.rawValue
        let path = address.map { String($0.pathAndQuery.prefix { $0 != "?" }) } ?? ""
        return String((kind == .ntfy && path.count > 1 ? "ntfy \(path.dropFirst())" : host).prefix(60))
    }

    private static func isBase64URL(_ text: String) -> Bool {
        text.count <= 200
            && text.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
                    || $0 == "="
            }
    }
}
