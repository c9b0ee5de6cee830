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
/// new browsers for that name, never the ones its owner has used.
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

    public init(
        window: TimeInterval = 15 * 60, perNameAndAddress: Int = 10, perNameFromNewDevices: Int = 25,
        perAddress: Int = 100, perKnownDevice: Int = 10
    ) {
        self.window = window
        self.perNameAndAddress = perNameAndAddress
        self.perNameFromNewDevices = perNameFromNewDevices
        self.perAddress = perAddress
        self.perKnownDevice = perKnownDevice
    }

    /// The keys an attempt for `name` is counted under, the first being the one a success clears.
    /// `device` is the known device's own id when the browser has signed in to this name before.
    public func keys(name: String, address: String?, device: String?) -> [Key] {
        let name = name.trimmingCharacters(in: .whitespaces).lowercased()
        if let device { return [Key("device:" + device, limit: perKnownDevice)] }
        let place = address ?? "unknown"
        return [
            Key("user:\(name)|address:\(place)", limit: perNameAndAddress),
            Key("user:" + name, limit: perNameFromNewDevices),
            Key("address:" + place, limit: perAddress),
        ]
    }

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
