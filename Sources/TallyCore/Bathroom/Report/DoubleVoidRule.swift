import Foundation

/// Which events are one double void.
///
/// Tally has no mark for a double void, so it reads one from the times: an event within
/// ``window`` of the event before it is the same void finished in a second go (the bladder not emptied the
/// first time), as clinicians ask a diary to record it. It counts once for frequency, its volumes add up,
/// and it has a volume only when both parts were measured.
public enum DoubleVoidRule {
    /// Ten minutes: long enough for the "go again straight away" of incomplete emptying, shorter than any
    /// real interval between voids.
    public static let window: TimeInterval = 10 * 60

    /// The voids of `events`, in time order, double voids folded together.
    public static func voids(_ events: [BathroomEvent]) -> [DiaryVoid] {
        var result: [DiaryVoid] = []
        var lastAt: Date?
        for event in events.sorted(by: { ($0.at, $0.id.uuidString) < ($1.at, $1.id.uuidString) }) {
            if let lastAt, let open = result.last, event.at.timeIntervalSince(lastAt) <= window {
                result[result.count - 1] = open.adding(event)
            } else {
                result.append(DiaryVoid(event))
            }
            lastAt = event.at
        }
        return result
    }
}
