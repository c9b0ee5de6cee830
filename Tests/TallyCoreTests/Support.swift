import Foundation
import TallyCore

/// Test helpers: zones, instants from RFC 3339 text, events.
enum Fixture {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let utc = TimeZone(identifier: "UTC")!

    static func instant(_ text: String) -> Date {
        guard let date = TimeInput.parseISO(text, zone: utc) else { fatalError("bad fixture instant \(text)") }
        return date
    }

    static func day(_ text: String) -> LocalDay { LocalDay(text)! }

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(text)! }

    static func event(
        _ at: String, zone: TimeZone = newYork, volume: Int? = nil, urgency: Int? = nil, leak: Bool = false
    ) -> BathroomEvent {
        let instant = instant(at)
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: UUID(), stamp: .zero)
        return BathroomEvent(
            meta: meta,
            fields: BathroomEventFields(
                at: instant, timeZoneID: zone.identifier, volumeML: volume, urgency: urgency, leak: leak))
    }
}

extension Fixture {
    static func water(_ at: String, _ amountML: Double, zone: TimeZone = newYork) -> WaterEntry {
        let instant = instant(at)
        let meta = RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: instant, modifiedAt: instant, deviceID: UUID(), stamp: .zero)
        return WaterEntry(
            meta: meta, fields: WaterEntryFields(at: instant, timeZoneID: zone.identifier, amountML: amountML),
            source: .cli)
    }
}
