import MCP
import TallyCore

/// The tools Tally offers an assistant: each one action a person can take on the web page, the API or
/// the CLI, or one read of what the API answers. ``definition`` is what `tools/list` shows.
enum TallyTool: String, CaseIterable, Sendable {
    case logWater = "log_water"
    case logBathroom = "log_bathroom"
    case tickSkill = "tick_skill"
    case addReminder = "add_reminder"
    case addJournalNote = "add_journal_note"
    case readToday = "read_today"
    case readDay = "read_day"
    case readWaterStats = "read_water_stats"
    case readDiaryReport = "read_diary_report"

    /// One argument of a tool, as its input schema describes it.
    struct Argument {
        enum Kind: String {
            case string, integer, boolean
        }

        let name: String
        let kind: Kind
        let description: String
        var required = false
        var choices: [String] = []
        var range: ClosedRange<Int>?
    }

    var title: String {
        switch self {
        case .logWater: "Log water"
        case .logBathroom: "Log a bathroom visit"
        case .tickSkill: "Tick a skill"
        case .addReminder: "Add a reminder"
        case .addJournalNote: "Add a journal note"
        case .readToday: "Read today"
        case .readDay: "Read a day"
        case .readWaterStats: "Read water stats"
        case .readDiaryReport: "Read the bladder diary report"
        }
    }

    var description: String {
        switch self {
        case .logWater:
            "Log a drink. Answers the stored entry, as POST /api/v1/water/entries does."
        case .logBathroom:
            "Log a void (a bathroom visit) in the bladder diary. Answers the stored event, as "
                + "POST /api/v1/bathroom/events does."
        case .tickSkill:
            "Mark a skill's task done, done in part, or not done (undo) on a day. Answers the completion, as "
                + "POST /api/v1/skills/{id}/completions does."
        case .addReminder:
            "Add a one-off reminder. Answers the reminder, as POST /api/v1/reminders does."
        case .addJournalNote:
            "Add a note (and optionally a mood) to a day's journal entry: the note is added after what the "
                + "day already has; a mood given replaces the day's. Answers the entry, as "
                + "PUT /api/v1/journal/{date} does."
        case .readToday:
            "Every tracker's today: bathroom count, water and goal, skills due, reminders, events, countdowns "
                + "and the journal. The same JSON as GET /api/v1/today."
        case .readDay:
            "One day's water (as GET /api/v1/water/days/{day}), bathroom events, skills' tasks and journal entry."
        case .readWaterStats:
            "Water totals, averages, streaks and weekly and monthly trends. The same JSON as "
                + "GET /api/v1/water/stats."
        case .readDiaryReport:
            "The bladder diary report for a clinician over the days from..to (a frequency-volume chart). "
                + "The same JSON as GET /api/v1/bathroom/diary/report."
        }
    }

    var arguments: [Argument] {
        let time = Argument(
            name: "time", kind: .string,
            description: "When: HH:MM or YYYY-MM-DDTHH:MM in the person's time zone, or ISO 8601 with an offset. "
                + "Default: now.")
        switch self {
        case .logWater:
            return [
                Argument(
                    name: "amount", kind: .string,
                    description: "How much: 250ml, 0.5l, 8oz, or a bare number in the person's unit.",
                    required: true),
                time,
                Argument(name: "drink", kind: .string, description: "What was drunk, when not plain water (tea...)."),
            ]
        case .logBathroom:
            return [
                time,
                Argument(
                    name: "volume_ml", kind: .integer, description: "The volume voided, in millilitres.",
                    range: BathroomEventFields.volumeRange),
                Argument(
                    name: "urgency", kind: .integer, description: "How urgent it was, on the diary's scale.",
                    range: BathroomEventFields.urgencyRange),
                Argument(name: "leak", kind: .boolean, description: "Whether there was a leak. Default: false."),
                Argument(name: "note", kind: .string, description: "A note."),
            ]
        case .tickSkill:
            return [
                Argument(name: "skill", kind: .string, description: "The skill's name or id.", required: true),
                Argument(
                    name: "level", kind: .string,
                    description: "done (the default), partial, or undo (not done).",
                    choices: ["done", "partial", "undo"]),
                Argument(name: "date", kind: .string, description: "The day, YYYY-MM-DD. Default: today."),
            ]
        case .addReminder:
            return [
                Argument(name: "title", kind: .string, description: "What to be reminded of.", required: true),
                Argument(name: "date", kind: .string, description: "The day, YYYY-MM-DD.", required: true),
                Argument(name: "time", kind: .string, description: "The time, HH:MM. Default: 09:00."),
                Argument(name: "description", kind: .string, description: "A longer description."),
                Argument(name: "category", kind: .string, description: "A category. Default: Personal."),
            ]
        case .addJournalNote:
            return [
                Argument(name: "text", kind: .string, description: "The note.", required: true),
                Argument(name: "date", kind: .string, description: "The day, YYYY-MM-DD. Default: today."),
                Argument(
                    name: "mood", kind: .integer, description: "The day's mood, 1 (awful) to 5 (great).",
                    range: Mood.awful.rating...Mood.great.rating),
            ]
        case .readToday, .readWaterStats:
            return []
        case .readDay:
            return [Argument(name: "date", kind: .string, description: "The day, YYYY-MM-DD. Default: today.")]
        case .readDiaryReport:
            return [
                Argument(name: "from", kind: .string, description: "The first day, YYYY-MM-DD.", required: true),
                Argument(name: "to", kind: .string, description: "The last day, YYYY-MM-DD.", required: true),
            ]
        }
    }

    var readsOnly: Bool { rawValue.hasPrefix("read_") }

    /// The tool as `tools/list` shows it, with a JSON Schema of its arguments.
    var definition: Tool {
        var properties: [String: Value] = [:]
        for argument in arguments {
            var property: [String: Value] = [
                "type": .string(argument.kind.rawValue), "description": .string(argument.description),
            ]
            if !argument.choices.isEmpty { property["enum"] = .array(argument.choices.map { .string($0) }) }
            if let range = argument.range {
                property["minimum"] = .int(range.lowerBound)
                property["maximum"] = .int(range.upperBound)
            }
            properties[argument.name] = .object(property)
        }
        let required = arguments.filter(\.required).map { Value.string($0.name) }
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required) }
        return Tool(
            name: rawValue, title: title, description: description, inputSchema: .object(schema),
            annotations: .init(
                title: title, readOnlyHint: readsOnly, destructiveHint: readsOnly ? nil : false,
                idempotentHint: readsOnly, openWorldHint: false))
    }
}
