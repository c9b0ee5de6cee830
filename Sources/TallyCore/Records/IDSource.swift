import Foundation

/// Where new record ids come from. Random everywhere but in a seeded simulation, which needs the same
/// ids on every run to replay a schedule.
public protocol IDSource: Sendable {
    func newID() -> UUID
}

/// Random version 4 UUIDs.
public struct RandomIDs: IDSource {
    public init() {}

    public func newID() -> UUID { UUID() }
}
