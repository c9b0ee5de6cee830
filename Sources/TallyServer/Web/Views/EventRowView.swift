import Foundation
import TallyCore

/// One event in a list: time where it happened, notes, and the diary details when recorded.
struct EventRowView {
    let id: String
    let instant: String
    let time: String
    /// The zone's abbreviation when the event was captured in another zone than the user's.
    let zoneNote: String?
    let note: String?
    let hasDetails: Bool
    let volume: String?
    let urgency: String?
    let leak: Bool
    let deletable: Bool
    let returnTo: String

    init(_ event: BathroomEvent, userZone: TimeZone, deletable: Bool = true, returnTo: String = "/bathroom") {
        id = event.id.text
        instant = InstantFormat.string(event.at, in: event.zone)
        time = event.localDateTime.timeOfDay.description
        zoneNote = event.zone.identifier == userZone.identifier ? nil : event.zone.abbreviation(for: event.at)
        note = event.note
        volume = event.volumeML.map { "\($0) ml" }
        urgency = event.urgency.map { "Urgency \($0) · \(Urgency.label($0))" }
        leak = event.leak
        hasDetails = volume != nil || urgency != nil || leak
        self.deletable = deletable
        self.returnTo = returnTo
    }
}
