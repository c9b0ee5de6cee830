import Foundation
import TallyCore

/// One water entry in a list: when, how much, what, and its edit and delete controls.
struct WaterEntryRowView {
    let id: String
    let instant: String
    let time: String
    let zoneNote: String?
    let amount: String
    let spokenAmount: String
    let drinkKind: String?
    let returnTo: String

    init(_ entry: WaterEntry, unit: VolumeUnit, userZone: TimeZone, returnTo: String) {
        id = entry.id.text
        instant = InstantFormat.string(entry.at, in: entry.zone)
        time = entry.localDateTime.timeOfDay.description
        zoneNote = entry.zone.identifier == userZone.identifier ? nil : entry.zone.abbreviation(for: entry.at)
        amount = unit.format(entry.amountML)
        spokenAmount = unit.spoken(entry.amountML)
        drinkKind = entry.drinkKind
        self.returnTo = returnTo
    }
}
