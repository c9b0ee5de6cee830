import Crypto
import Foundation
import TallyCore
import TallyStorage

/// The signature on a widget's "+250 ml" address: an HMAC-SHA256, with this server's key, of the widget
/// secret and the amount. Whoever can read a widget can press its presets, and nothing else: another
/// amount, or the same one under a replaced secret, is refused.
public struct WidgetActionSignature: Sendable {
    let key: Data

    public init(key: Data) {
        self.key = key
    }

    /// The signature for adding `amountML` through the widget with `secret`, base64url.
    public func sign(secret: String, amountML: Double) -> String {
        Base64URL.encode(Data(HMAC<SHA256>.authenticationCode(for: message(secret, amountML), using: symmetric)))
    }

    /// Whether `signature` is this server's for adding `amountML` through the widget with `secret`.
    public func verify(_ signature: String, secret: String, amountML: Double) -> Bool {
        guard let mac = Base64URL.decode(signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message(secret, amountML), using: symmetric)
    }

    private var symmetric: SymmetricKey { SymmetricKey(data: key) }

    private func message(_ secret: String, _ amountML: Double) -> Data {
        Data("widget-add|\(secret)|\(WaterPreferences.millilitreText(amountML))".utf8)
    }

    /// The key (32 bytes), kept in the store so every server process signs alike.
    public static func key(in store: any ServerSecretStore) async throws -> Data {
        let stored = try await store.serverSecret(named: "widget-action-key") {
            Base64URL.encode(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
        }
        guard let bytes = Base64URL.decode(stored), bytes.count == 32 else {
            throw TallyError.unavailable("the server's widget key is damaged")
        }
        return bytes
    }
}
