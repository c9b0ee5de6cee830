import ArgumentParser
import Foundation
import TallyCore

struct PeeLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", abstract: "Log a bathroom event (the default).")

    @Option(help: "When: HH:MM, YYYY-MM-DDTHH:MM (in your zone), or ISO 8601 with an offset. Default: now.")
    var at: String?
    @Option(help: "The IANA zone it happened in, when not your own (a traveller's entry stays on its local day).")
    var zone: String?
    @Option(help: "A note.") var note: String?
    @Option(help: "Voided volume in ml.") var volume: Int?
    @Option(help: "Urgency, 0 (none) to 4 (urge incontinence).") var urgency: Int?
    @Flag(help: "Urine leaked.") var leak = false
    @Flag(help: "Print the stored event as JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let now = try await scope.now()
        var captureZone = now.zone
        if let zone {
            guard let named = TimeZone(identifier: zone) else {
                throw TallyError.invalid(field: "--zone", reason: "'\(zone)' is not a known time zone")
            }
            captureZone = named
        }
        let instant = try at.map { text throws(TallyError) in
            try TimeInput.parse(text, now: now.instant, zone: captureZone, field: "--at")
        }
        let event = try await scope.bathroom.log(
            at: instant, timeZoneID: captureZone.identifier, note: note, volumeML: volume, urgency: urgency, leak: leak)
        if json {
            try Output.json(EventJSON(event, boundary: now.settings.boundary))
        } else {
            print("Logged \(event.localDateTime.timeOfDay) on \(event.localDay(now.settings.boundary)) (\(event.id))")
        }
    }
}
