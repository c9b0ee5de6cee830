import Foundation
import TallyCore

/// Bathroom events of the local user for a backup file: `count` of them, `spacing` seconds apart, going
/// back from `newest`, in New York.
enum SampleEvents {
    static func bathroom(_ count: Int, spacing: TimeInterval, newest: Date) -> [AnyRecord] {
        (0..<count).map { index in
            let at = newest.addingTimeInterval(-Double(index) * spacing)
            return AnyRecord(
                BathroomEvent(
                    meta: RecordMeta(
                        id: UUID(), ownerID: LocalUser.id, createdAt: at, modifiedAt: at, deviceID: UUID(),
                        stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0)),
                    fields: BathroomEventFields(
                        at: at, timeZoneID: "America/New_York", note: "#\(index)", volumeML: nil, urgency: nil,
                        leak: false)))
        }
    }
}
