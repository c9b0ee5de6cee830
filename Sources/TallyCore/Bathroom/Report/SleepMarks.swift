/// The person's "went to bed" and "got up" marks by diary day, as wall-clock readings, for the diary's
/// windows (``DiaryDayWindow``). Tombstones are left out.
public struct SleepMarks: Hashable, Sendable {
    private var wakes: [LocalDay: LocalDateTime] = [:]
    private var beds: [LocalDay: LocalDateTime] = [:]

    public static let none = SleepMarks([])

    public init(_ marks: [SleepMark]) {
        for mark in marks where !mark.meta.isDeleted {
            switch mark.kind {
            case .wake: wakes[mark.day] = mark.localDateTime
            case .bed: beds[mark.day] = mark.localDateTime
            }
        }
    }

    /// When the person got up on diary day `day`, if they marked it.
    public func wake(on day: LocalDay) -> LocalDateTime? { wakes[day] }

    /// When the person went to bed at the end of diary day `day`, if they marked it.
    public func bed(on day: LocalDay) -> LocalDateTime? { beds[day] }

    public var isEmpty: Bool { wakes.isEmpty && beds.isEmpty }
}
