import TallyCore

/// `tally pee diary status --json` (and start, stop): `started` is false when no diary was started, and
/// the other keys are then null.
struct DiaryRunJSON: Encodable {
    let started: Bool
    let from: String?
    let to: String?
    let days: Int?
    let stopped: Bool?
    /// `upcoming`, `keeping` or `finished`.
    let phase: String?
    /// The diary day being kept, from 1.
    let day: Int?
    let measuredVoids: Int?
    let headline: String?

    private enum CodingKeys: String, CodingKey {
        case started, from, to, days, stopped, phase, day, measuredVoids, headline
    }

    static let none = DiaryRunJSON(nil)

    init(_ progress: DiaryRunProgress?) {
        started = progress != nil
        from = progress?.run.from.description
        to = progress?.run.to.description
        days = progress?.run.days
        stopped = progress?.run.stopped
        phase = progress?.phaseName
        day = progress?.day
        measuredVoids = progress?.measuredVoids
        headline = progress?.headline
    }

    /// Every key, null ones included, so a script finds them either way.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(started, forKey: .started)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(days, forKey: .days)
        try container.encode(stopped, forKey: .stopped)
        try container.encode(phase, forKey: .phase)
        try container.encode(day, forKey: .day)
        try container.encode(measuredVoids, forKey: .measuredVoids)
        try container.encode(headline, forKey: .headline)
    }
}
