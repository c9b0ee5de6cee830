import Foundation

/// A void as the report counts it: one bathroom event, or a double void (two events close together, see
/// ``DoubleVoidRule``) counted once.
public struct DiaryVoid: Hashable, Sendable {
    /// The time of the first event, read on the wall clock where it happened.
    public let time: LocalDateTime
    public let at: Date
    /// The volumes added together; nil unless every event of the void was measured.
    public let volumeML: Int?
    /// The highest urgency recorded on its events.
    public let urgency: Int?
    public let leak: Bool
    /// The events it rests on, in time order: more than one for a double void.
    public let eventIDs: [UUID]

    public var isDoubleVoid: Bool { eventIDs.count > 1 }
    public var isMeasured: Bool { volumeML != nil }

    public init(_ event: BathroomEvent) {
        time = event.localDateTime
        at = event.at
        volumeML = event.volumeML
        urgency = event.urgency
        leak = event.leak
        eventIDs = [event.id]
    }

    /// This void with a later event of the same double void folded in.
    public func adding(_ event: BathroomEvent) -> DiaryVoid {
        DiaryVoid(
            time: time, at: at, volumeML: volumeML.flatMap { mine in event.volumeML.map { mine + $0 } },
            urgency: [urgency, event.urgency].compactMap(\.self).max(), leak: leak || event.leak,
            eventIDs: eventIDs + [event.id])
    }

    private init(time: LocalDateTime, at: Date, volumeML: Int?, urgency: Int?, leak: Bool, eventIDs: [UUID]) {
        self.time = time
        self.at = at
        self.volumeML = volumeML
        self.urgency = urgency
        self.leak = leak
        self.eventIDs = eventIDs
    }
}
