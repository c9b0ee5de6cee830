import Foundation

extension Date {
    /// Milliseconds since 1970, rounded to the nearest: Tally keeps instants to the millisecond, and
    /// rounding (not truncating) survives the floating-point error of parsing `.123`.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    public init(millisecondsSince1970 millis: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(millis) / 1000)
    }
}
