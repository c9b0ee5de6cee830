import Crypto
import Foundation
import TallyCore
import TallyStorage

/// An eight-digit code sent to a person's own notification channels that lets a new device sign in while
/// guesses from elsewhere hold their name back (``LoginThrottle``). It is not a password: the password is
/// still needed. Nothing is stored: the code is an HMAC, under a key the server keeps, of the account, its
/// password hash and a ten-minute window, so every server process checks it alike, it lasts 10 to 20
/// minutes, and a new password ends it.
public struct SignInCode: Hashable, Sendable {
    public static let window: TimeInterval = 10 * 60
    public static let digits = 8

    /// The eight digits, without spaces.
    public let digits: String

    /// The code of `user` in the window holding `now`.
    public init(for user: UserAccount, at now: Date, key: Data) {
        digits = Self.code(for: user, window: Self.windowNumber(now), key: key)
    }

    /// "1234 5678": how a person reads it.
    public var text: String { "\(digits.prefix(4)) \(digits.dropFirst(4))" }

    /// Whether `given` (spaces and dashes allowed) is the code of `user` in the window holding `now` or the
    /// one before.
    public static func matches(_ given: String, user: UserAccount, at now: Date, key: Data) -> Bool {
        guard let typed = normalized(given) else { return false }
        let window = windowNumber(now)
        return [window, window - 1].contains { SecretToken.matches(typed, code(for: user, window: $0, key: key)) }
    }

    /// The digits of a typed code, or nil when it is not eight digits.
    public static func normalized(_ given: String) -> String? {
        let kept = given.filter { !" -\t".contains($0) }
        guard kept.count == digits, kept.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return kept
    }

    /// The key codes are made with (32 bytes), kept in the store so every process shares it.
    public static func key(in store: any ServerSecretStore) async throws -> Data {
        let stored = try await store.serverSecret(named: "sign-in-code-key") {
            Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        }
        guard let bytes = Base64URL.decode(stored), bytes.count == 32 else {
            throw TallyError.invalid(field: "sign-in-code-key", reason: "the stored key is not 32 bytes")
        }
        return bytes
    }

    private static func windowNumber(_ now: Date) -> Int64 {
        Int64((now.timeIntervalSince1970 / window).rounded(.down))
    }

    private static func code(for user: UserAccount, window: Int64, key: Data) -> String {
        let message = Data("\(user.id.uuidString)\n\(user.passwordHash)\n\(window)".utf8)
        let mac = Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key)))
        let number = mac.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 100_000_000
        let text = String(number)
        return String(repeating: "0", count: digits - text.count) + text
    }
}
