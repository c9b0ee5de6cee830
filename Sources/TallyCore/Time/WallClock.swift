import Foundation

/// Where "now" comes from. The domain never reads the system clock; the edges inject one and tests pin it.
public protocol WallClock: Sendable {
    func now() -> Date
}

/// A clock that always reads the same instant, for tests and for replaying.
public struct FixedClock: WallClock {
    public var instant: Date

    public init(_ instant: Date) {
        self.instant = instant
    }

    public func now() -> Date { instant }
}
