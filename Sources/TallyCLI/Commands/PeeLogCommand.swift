import ArgumentParser
import Foundation
import TallyCore
import TallyServices

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
        var draft = BathroomEventDraft(
            at: at.map { .typed($0) }, timeZoneID: zone, note: note, volumeML: volume, urgency: urgency, leak: leak)
        (draft.timeField, draft.zoneField) = ("--at", "--zone")
        let event = try await scope.bathroom.log(draft, now: now)
        if json {
            try Output.json(EventJSON(event, boundary: now.settings.boundary))
        } else {
            print("Logged \(event.localDateTime.timeOfDay) on \(event.localDay(now.settings.boundary)) (\(event.id))")
        }
    }
}
