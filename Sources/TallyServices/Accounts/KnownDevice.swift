import Crypto
import Foundation
import TallyCore
import TallyStorage

/// A browser that has signed in to a name before, remembered by a cookie this server signed (OWASP's
/// "device cookies"). The log-in throttle counts such a browser's attempts under its own key only, so
/// however many guesses others send for the name, the browsers its owner uses keep working.
public struct KnownDevice: Hashable, Sendable {
    /// The user name, lowercased: a device is known to one name.
    public var name: String
    /// Random, made when the device first signs in to the name; the throttle's key for it.
    public var id: String
    public var issued: Date

    /// How long a device stays known without signing in again.
    public static let lifetime: TimeInterval = 365 * 86_400
    /// The most names one browser is remembered for (a family's shared tablet).
    public static let namesPerBrowser = 5

    public init(name: String, id: String = SecretToken.make(), issued: Date) {
        self.name = name.trimmingCharacters(in: .whitespaces).lowercased()
        self.id = id
        self.issued = issued
    }

    /// The token as text: name, id and issue time (milliseconds), base64url, then a dot and their
    /// HMAC-SHA256 under the server's key.
    public func signed(with key: Data) -> String {
        let body = Base64URL.encode(Data("\(name)\n\(id)\n\(issued.millisecondsSince1970)".utf8))
        return body + "." + Self.mac(body, key: key)
    }

    /// The device a token names, when this server signed it and it has not expired; nil otherwise.
    public static func verify(_ text: some StringProtocol, key: Data, now: Date) -> Self? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, SecretToken.matches(String(parts[1]), mac(String(parts[0]), key: key)),
            let body = Base64URL.decode(parts[0]).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        let fields = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard fields.count == 3, let milliseconds = Int64(fields[2]) else { return nil }
        let device = Self(
            name: String(fields[0]), id: String(fields[1]), issued: Date(millisecondsSince1970: milliseconds))
        guard device.issued <= now, now.timeIntervalSince(device.issued) < lifetime else { return nil }
        return device
    }

    /// The known device among a cookie's tokens (joined by `~`) for `name`, if any.
    public static func find(name: String, in cookie: String?, key: Data, now: Date) -> Self? {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        return tokens(cookie).lazy.compactMap { verify($0, key: key, now: now) }.first { $0.name == name }
    }

    /// The cookie's new value once `device` has signed in: its token first, then the other names' tokens
    /// still good, at most ``namesPerBrowser`` in all.
    public static func cookie(adding device: Self, to cookie: String?, key: Data, now: Date) -> String {
        let others = tokens(cookie).filter {
            guard let known = verify($0, key: key, now: now) else { return false }
            return known.name != device.name
        }
        return ([device.signed(with: key)] + others.prefix(namesPerBrowser - 1).map(String.init)).joined(separator: "~")
    }

    /// The key device tokens are signed with (32 bytes), kept in the store so every process shares it.
    public static func key(in store: any ServerSecretStore) async throws -> Data {
        let stored = try await store.serverSecret(named: "known-device-key") {
            Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        }
        guard let bytes = Base64URL.decode(stored), bytes.count == 32 else {
            throw TallyError.invalid(field: "known-device-key", reason: "the stored key is not 32 bytes")
        }
        return bytes
    }

    private static func tokens(_ cookie: String?) -> [Substring] {
        (cookie ?? "").split(separator: "~").prefix(namesPerBrowser * 2).map { $0 }
    }

    private static func mac(_ body: String, key: Data) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: Data(body.utf8), using: SymmetricKey(data: key))))
    }
}
