import Foundation

/// Slows down password guessing without letting a guesser lock a person out of their own account.
///
/// Each attempt is counted, before its password is checked, under a few keys, each with its own limit of
/// attempts within `window`; when any of them is full the attempt waits until the oldest of that key's
/// attempts leaves the window:
/// - from a browser that has signed in to the name before (TallyServices' `KnownDevice`): only that device's own
///   key, so nobody without the device can hold it back;
/// - otherwise the name from this address (10), the name from anywhere but known devices (25, so at most
///   100 guesses an hour reach an account, ASVS 2.2.1), and the address across every name (100, against
///   one address trying many names).
///
/// Ten wrong passwords from one place thus hold back that place only; a flood from many places holds back
/// new browsers for that name, never the ones its owner has used. While the name is held back, a new device
/// gets through with a sign-in code sent to the owner's own notification channels: such attempts are counted
/// under the name's code key only (10), and at most three codes are sent in a window.
public struct LoginThrottle: Sendable {
    /// A counter and the number of attempts it lets through in a window.
    public struct Key: Hashable, Sendable {
        public var text: String
        public var limit: Int

        public init(_ text: String, limit: Int) {
            self.text = text
            self.limit = limit
        }
    }

    public var window: TimeInterval
    public var perNameAndAddress: Int
    public var perNameFromNewDevices: Int
    public var perAddress: Int
    public var perKnownDevice: Int
    /// Attempts that carry a sign-in code, per name: 10 in a window, so an 8-digit code cannot be guessed.
    public var perNameWithCode: Int
    /// Sign-in codes sent per name in a window.
    public var codesPerName: Int

    public init(
        window: TimeInterval = 15 * 60, perNameAndAddress: Int = 10, perNameFromNewDevices: Int = 25,
        perAddress: Int = 100, perKnownDevice: Int = 10, perNameWithCode: Int = 10, codesPerName: Int = 3
    ) {
        self.window = window
        self.perNameAndAddress = perNameAndAddress
        self.perNameFromNewDevices = perNameFromNewDevices
        self.perAddress = perAddress
        self.perKnownDevice = perKnownDevice
        self.perNameWithCode = perNameWithCode
        self.codesPerName = codesPerName
    }

    /// The keys an attempt for `name` is counted under, the first being the one a success clears.
    /// `device` is the known device's own id when the browser has signed in to this name before.
    public func keys(name: String, address: String?, device: String?) -> [Key] {
        if let device { return [Key("device:" + device, limit: perKnownDevice)] }
        let place = address ?? "unknown"
        return [
            Key("user:\(Self.folded(name))|address:\(place)", limit: perNameAndAddress),
            nameKey(name),
            Key("address:" + place, limit: perAddress),
        ]
    }

    /// The key of every new device's attempts for `name`: when it is full, the name is under a flood of
    /// guesses, and its owner is told.
    public func nameKey(_ name: String) -> Key { Key("user:" + Self.folded(name), limit: perNameFromNewDevices) }

    /// The key of attempts for `name` that carry a sign-in code (instead of ``keys(name:address:device:)``).
    public func codeKey(_ name: String) -> Key { Key("code:" + Self.folded(name), limit: perNameWithCode) }

    /// The key of the sign-in codes sent for `name`.
    public func codeSentKey(_ name: String) -> Key { Key("code sent:" + Self.folded(name), limit: codesPerName) }

    /// The key that lets the owner of `name` be told once per window that guesses hold the name back.
    public func alertKey(_ name: String) -> Key { Key("told:" + Self.folded(name), limit: 1) }

    private static func folded(_ name: String) -> String { name.trimmingCharacters(in: .whitespaces).lowercased() }

    /// The earliest instant attempts are counted from, for a store that keeps only what matters.
    public func windowStart(now: Date) -> Date { now.addingTimeInterval(-window) }

    /// When the next attempt under `key` is allowed, or nil when it is allowed now.
    public func retryAt(failures: [Date], key: Key, now: Date) -> Date? {
        let recent = failures.filter { $0 > windowStart(now: now) && $0 <= now }.sorted()
        guard recent.count >= key.limit, key.limit > 0 else { return nil }
        return recent[recent.count - key.limit].addingTimeInterval(window)
    }

    /// The refusal for an attempt held back by `key`, whose attempts in the window are `failures`.
    public func refusal(failures: [Date], key: Key, now: Date) -> TallyError {
        let retry = retryAt(failures: failures, key: key, now: now) ?? now
        return .tooManyAttempts(retryAfterSeconds: max(1, Int(retry.timeIntervalSince(now).rounded(.up))))
    }
}
