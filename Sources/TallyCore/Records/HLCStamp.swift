import Foundation

/// A hybrid logical clock stamp: wall-clock milliseconds plus a counter for changes within the same
/// millisecond (or while the wall clock stands behind the last stamp seen).
///
/// Its text form, `0001763800000000-00000`, sorts like the stamp itself, so databases can compare it.
public struct HLCStamp: Hashable, Comparable, Sendable {
    public let millis: Int64
    public let counter: Int

    public init(millis: Int64, counter: Int) {
        self.millis = millis
        self.counter = counter
    }

    public static let zero = HLCStamp(millis: 0, counter: 0)

    /// The stamp for a local change at `now`, after `last`, the latest stamp this replica has issued or seen.
    public static func next(after last: HLCStamp, now: Date) -> HLCStamp {
        let wall = now.millisecondsSince1970
        if wall > last.millis { return HLCStamp(millis: wall, counter: 0) }
        // A counter run out (thousands of changes in one millisecond) borrows the next millisecond.
        if last.counter >= maxCounter { return HLCStamp(millis: last.millis + 1, counter: 0) }
        return HLCStamp(millis: last.millis, counter: last.counter + 1)
    }

    public static func < (lhs: HLCStamp, rhs: HLCStamp) -> Bool {
        (lhs.millis, lhs.counter) < (rhs.millis, rhs.counter)
    }
}

extension HLCStamp: CustomStringConvertible, LosslessStringConvertible, Codable {
    public var description: String {
        var text = ASCIIText(capacity: 22)
        write(to: &text)
        return text.string
    }

    /// Appends the text form, ``description``.
    func write(to text: inout ASCIIText) {
        text.append(millis, width: 16)
        text.append("-")
        text.append(counter, width: 5)
    }

    /// The largest counter the text form holds; a stamp past it is not one this clock made.
    public static let maxCounter = 99_999

    public init?(_ text: String) {
        var scanner = ASCIIScanner(text)
        guard let millis = scanner.number(digits: 16), scanner.take("-"), let counter = scanner.number(digits: 5),
            scanner.isAtEnd
        else { return nil }
        self.init(millis: Int64(millis), counter: counter)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let stamp = HLCStamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an HLC stamp")
        }
        self = stamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
