import Foundation
import TallyCore

/// Writing results: `--json` is an interface scripts rely on (sorted keys, stable field names);
/// the human form may change.
enum Output {
    static func json(_ value: some Encodable) throws {
        let data = try BackupCoding.encoder().encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// One event as a line: `09:21  💧 note  [250 ml · urgency 2 · leak]  (id)`.
    static func line(_ event: BathroomEvent, userZone: TimeZone) -> String {
        var parts = ["  \(event.localDateTime.timeOfDay)"]
        if event.zone.identifier != userZone.identifier, let abbreviation = event.zone.abbreviation(for: event.at) {
            parts[0] += " \(abbreviation)"
        }
        if let note = event.note { parts.append(note.replacingOccurrences(of: "\n", with: " ")) }
        var details: [String] = []
        if let volume = event.volumeML { details.append("\(volume) ml") }
        if let urgency = event.urgency { details.append("urgency \(urgency)") }
        if event.leak { details.append("leak") }
        if !details.isEmpty { parts.append("[\(details.joined(separator: " · "))]") }
        parts.append("(\(event.id))")
        return parts.joined(separator: "  ")
    }
}

/// A bathroom event in `--json` output.
struct EventJSON: Encodable {
    let id: String
    let at: String
    let timeZone: String
    let localDay: String
    let localTime: String
    let note: String?
    let volumeMl: Int?
    let urgency: Int?
    let leak: Bool

    init(_ event: BathroomEvent, boundary: DayBoundary) {
        id = event.id.text
        at = InstantFormat.string(event.at, in: event.zone)
        timeZone = event.timeZoneID
        localDay = event.localDay(boundary).description
        localTime = event.localDateTime.timeOfDay.description
        note = event.note
        volumeMl = event.volumeML
        urgency = event.urgency
        leak = event.leak
    }
}

/// A day of events in `--json` output.
struct DayJSON: Encodable {
    let day: String
    let count: Int
    let events: [EventJSON]

    init(_ day: BathroomDay, boundary: DayBoundary) {
        self.day = day.day.description
        count = day.count
        events = day.events.map { EventJSON($0, boundary: boundary) }
    }
}
