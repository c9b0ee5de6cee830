import ArgumentParser
import Foundation
import TallyCore

/// `tally journal [DATE] [--mood N] [--note TEXT] [--photo FILE]`: shows a day's entry, or writes it.
struct JournalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Read or write a day's journal entry (notes, a mood from 1 to 5 and a photo).",
        discussion:
            "With --mood, --note or --photo the day's entry is written (a field left out keeps its value); "
            + "without, it is shown."
    )

    @Argument(help: "The day, YYYY-MM-DD (default today).") var date: String?
    @Option(help: "The mood, 1 (awful) to 5 (great).") var mood: Int?
    @Option(help: "The day's notes.") var note: String?
    @Option(help: ArgumentHelp("The day's photo: a JPEG, PNG or WebP file.", valueName: "file")) var photo: String?
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let today = try await scope.now().today
        let day = try date.map { try LocalDay.parse($0, field: "DATE") } ?? today
        var entry = try await scope.journal.entry(on: day)
        if mood != nil || note != nil || photo != nil {
            let current = entry?.fields
            var imageUrl = current?.imageUrl
            if let photo { imageUrl = try await scope.images.upload(try Self.read(photo)) }
            entry = try await scope.journal.save(
                on: day,
                JournalEntryFields(
                    notes: note ?? current?.notes, moodRating: mood ?? current?.moodRating, imageUrl: imageUrl))
        }
        if json { return try Output.json(entry.map(DailyEntryJSON.init)) }
        guard let entry else { return print("\(day): no entry.") }
        let moodText = entry.mood.map { "\($0.emoji) \($0.name) (\($0.rating))" } ?? "no mood"
        print("\(day): \(moodText)")
        if let notes = entry.fields.notes { print(notes) }
        if let image = entry.fields.imageUrl { print("photo: \(image)") }
    }

    /// The photo's bytes, or an error naming the file.
    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("--photo: cannot read \(path)")
        }
        return data
    }
}
