import Foundation
import TallyCore
import TallyServices

/// Running a tool: its arguments become the draft the web page, the API and the CLI fill in, and the
/// same service stores it, so a tool accepts and refuses what they do, with the same messages.
extension TallyTool {
    /// The JSON the API would answer for what the tool did or read.
    func run(_ arguments: ToolArguments, scope: UserScope, answers: any APIAnswers) async throws -> Data {
        switch self {
        case .logWater:
            let draft = WaterEntryDraft(
                amount: .typed(try arguments.requiredText("amount")),
                at: try arguments.text("time").map { .typed($0) }, drinkKind: try arguments.text("drink"))
            return try await answers.waterEntry(try await scope.water.log(draft, source: .api), scope)
        case .logBathroom:
            let draft = BathroomEventDraft(
                at: try arguments.text("time").map { .typed($0) }, note: try arguments.text("note"),
                volumeML: try arguments.integer("volume_ml"), urgency: try arguments.integer("urgency"),
                leak: try arguments.bool("leak") ?? false)
            return try await answers.bathroomEvent(try await scope.bathroom.log(draft), scope)
        case .tickSkill:
            let skill = try await scope.skills.find(try arguments.requiredText("skill"))
            let completion = try await scope.skills.complete(
                id: skill.id, level: try Self.level(arguments.text("level")), day: try arguments.day("date"))
            return try answers.completion(completion)
        case .addReminder:
            let time = try arguments.text("time") ?? "09:00"
            let draft = ReminderDraft(
                title: try arguments.requiredText("title"), description: try arguments.text("description"),
                date: .local(
                    try arguments.requiredDay("date"),
                    try TimeOfDay.parse(time, field: "time")),
                category: try arguments.text("category"))
            return try answers.reminder(try await scope.reminders.create(draft))
        case .addJournalNote:
            let text = try arguments.requiredText("text")
            let day = try await Self.day(arguments, scope)
            let mood = try arguments.integer("mood")
            let stored = try await scope.journal.entry(on: day)?.fields ?? JournalEntryFields()
            let notes = [stored.notes, text].compactMap { $0 }.joined(separator: "\n\n")
            let entry = try await scope.journal.save(
                on: day,
                JournalEntryFields(notes: notes, moodRating: mood ?? stored.moodRating, imageUrl: stored.imageUrl))
            return try answers.journalEntry(entry)
        case .readToday:
            return try await answers.today(scope)
        case .readDay:
            return try await answers.day(try await Self.day(arguments, scope), scope)
        case .readWaterStats:
            return try await answers.waterStats(scope)
        case .readDiaryReport:
            return try await answers.diaryReport(
                from: try arguments.requiredDay("from"), to: try arguments.requiredDay("to"), scope)
        }
    }

    /// The `date` given, or the person's today.
    private static func day(_ arguments: ToolArguments, _ scope: UserScope) async throws -> LocalDay {
        if let day = try arguments.day("date") { return day }
        return try await scope.now().today
    }

    /// done, partial or undo, as `tally skills done` takes them (with --partial, --none).
    private static func level(_ text: String?) throws(TallyError) -> CompletionLevel {
        switch text?.lowercased() ?? "done" {
        case "done": .full
        case "partial": .partial
        case "undo": CompletionLevel.none
        case let other: throw .invalid(field: "level", reason: "'\(other)' is not done, partial or undo")
        }
    }
}
