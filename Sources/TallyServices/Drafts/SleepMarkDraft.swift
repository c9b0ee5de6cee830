import Foundation
import TallyCore

/// "Went to bed" or "Got up" as the diary page, the API or the CLI gives it: now unless a time is given;
/// a diary day given with a time of day (`01:30`) reads the time on that day (going to bed before the
/// usual wake time is after midnight), as the page's edit of a day's mark does.
public struct SleepMarkDraft: Sendable {
    public var kind: SleepMark.Kind
    public var at: DraftTime?
    /// The diary day the mark is for; found from the time when not given.
    public var day: LocalDay?
    /// An IANA zone the mark was made in, when not the person's own.
    public var timeZoneID: String?
    /// What errors call the time (the CLI names its option).
    public var timeField = "time"

    public init(kind: SleepMark.Kind, at: DraftTime? = nil, day: LocalDay? = nil, timeZoneID: String? = nil) {
        self.kind = kind
        self.at = at
        self.day = day
        self.timeZoneID = timeZoneID
    }

    /// The mark's diary day, instant and zone, or what is wrong.
    func resolved(now: Now) throws(TallyError) -> (day: LocalDay, at: Date, zoneID: String) {
        let zoneID = timeZoneID ?? now.zone.identifier
        guard let zone = TimeZone.supported(zoneID) else {
            throw .invalid(field: "timeZone", reason: "'\(zoneID)' is not a known time zone")
        }
        let sleep = now.settings.sleep
        if let day, case .typed(let text)? = at, let time = TimeOfDay(text.trimmingCharacters(in: .whitespaces)) {
            let instant = zone.instant(of: SleepMark.local(kind, time, on: day, sleep: sleep))
            try LoggedTime.check(instant, now: now.instant, field: timeField)
            return (day, instant, zoneID)
        }
        let instant = try at?.resolved(stored: nil, zone: zone, now: now.instant, field: timeField) ?? now.instant
        try LoggedTime.check(instant, now: now.instant, field: timeField)
        return (day ?? SleepMark.day(of: kind, at: zone.localDateTime(of: instant), sleep: sleep), instant, zoneID)
    }
}
