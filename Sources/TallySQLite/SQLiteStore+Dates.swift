import Foundation
import GRDB
import TallyCore
import TallyStorage

extension SQLiteStore {
    public func journalEntry(owner: UUID, day: LocalDay, includingDeleted: Bool) async throws -> JournalEntry? {
        try await pool.read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT * FROM journal_entries WHERE owner_id = ? AND day = ?"
                        + (includingDeleted ? "" : " AND deleted = 0")),
                arguments: [owner, day.description]
            ).map(JournalEntry.init(row:))
        }
    }

    public func journalEntries(owner: UUID, from: LocalDay, to: LocalDay) async throws -> [JournalEntry] {
        try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM journal_entries WHERE owner_id = ? AND deleted = 0 AND day >= ? AND day <= ?
                        ORDER BY day
                        """),
                arguments: [owner, from.description, to.description]
            ).map(JournalEntry.init(row:))
        }
    }

    static func row(_ tracker: DateTracker, sequence: Int64) -> RowValues {
        let fields = tracker.fields
        var columns = tracker.meta.columns
        columns.set(appearance(fields.category, fields.colorTheme, fields.gradientConfig))
        columns["title"] = fields.title.databaseValue
        columns["target_ms"] = fields.targetDate.millisecondsSince1970.databaseValue
        columns["time_zone"] = fields.timeZoneID.databaseValue
        columns["all_day"] = fields.allDay.databaseValue
        columns["type"] = fields.type.rawValue.databaseValue
        columns["image_url"] = fields.imageUrl.databaseValue
        columns["display_units"] = fields.displayUnits.map(\.rawValue).joined(separator: ",").databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ reminder: Reminder, sequence: Int64) -> RowValues {
        let fields = reminder.fields
        var columns = reminder.meta.columns
        columns.set(appearance(fields.category, fields.colorTheme, fields.gradientConfig))
        columns["title"] = fields.title.databaseValue
        columns["description"] = fields.description.databaseValue
        columns["date_ms"] = fields.date.millisecondsSince1970.databaseValue
        columns["time_zone"] = fields.timeZoneID.databaseValue
        columns["completed_ms"] = reminder.completedAt?.millisecondsSince1970.databaseValue ?? .null
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ event: CalendarEvent, sequence: Int64) -> RowValues {
        let fields = event.fields
        var columns = event.meta.columns
        columns.set(appearance(fields.category, fields.colorTheme, fields.gradientConfig))
        columns["title"] = fields.title.databaseValue
        columns["start_ms"] = fields.startDate.millisecondsSince1970.databaseValue
        columns["time_zone"] = fields.timeZoneID.databaseValue
        columns["recurrence_rule"] = fields.recurrenceRule.databaseValue
        columns["excluded_ms"] =
            fields.excludedDates.map { String($0.millisecondsSince1970) }.joined(separator: ",").databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    static func row(_ entry: JournalEntry, sequence: Int64) -> RowValues {
        var columns = entry.meta.columns
        columns["day"] = entry.date.description.databaseValue
        columns["notes"] = entry.fields.notes.databaseValue
        columns["mood"] = entry.fields.moodRating.databaseValue
        columns["image_url"] = entry.fields.imageUrl.databaseValue
        columns["sequence"] = sequence.databaseValue
        return columns
    }

    private static func appearance(
        _ category: String, _ theme: ColorTheme, _ gradient: GradientConfig?
    )
        -> RowValues
    {
        var columns = RowValues()
        columns["category"] = category.databaseValue
        columns["color_theme"] = theme.rawValue.databaseValue
        columns["gradient_colors"] = (gradient?.colors ?? []).joined(separator: ",").databaseValue
        columns["gradient_seed"] = gradient?.seed.databaseValue ?? .null
        return columns
    }
}

extension Row {
    /// The category, theme and gradient columns trackers, reminders and events share.
    fileprivate func appearance() throws -> (String, ColorTheme, GradientConfig?) {
        guard let theme = ColorTheme(rawValue: self["color_theme"]) else { throw StoreFault.corrupt("colour theme") }
        let colors = (self["gradient_colors"] as String).split(separator: ",").map(String.init)
        let gradient = colors.isEmpty ? nil : GradientConfig(colors: colors, seed: self["gradient_seed"])
        return (self["category"], theme, gradient)
    }
}

extension DateTracker {
    init(row: Row) throws {
        let (category, theme, gradient) = try row.appearance()
        guard let type = TrackerKind(rawValue: row["type"]) else { throw StoreFault.corrupt("tracker type") }
        let units = try (row["display_units"] as String).split(separator: ",").map { name in
            guard let unit = DisplayUnit(rawValue: String(name)) else { throw StoreFault.corrupt("display unit") }
            return unit
        }
        let fields = DateTrackerFields(
            title: row["title"], targetDate: Date(millisecondsSince1970: row["target_ms"]),
            timeZoneID: row["time_zone"],
            allDay: row["all_day"], type: type, category: category, colorTheme: theme, gradientConfig: gradient,
            imageUrl: row["image_url"], displayUnits: units)
        self.init(meta: try RecordMeta(row: row), fields: fields)
    }
}

extension Reminder {
    init(row: Row) throws {
        let (category, theme, gradient) = try row.appearance()
        let fields = ReminderFields(
            title: row["title"], description: row["description"], date: Date(millisecondsSince1970: row["date_ms"]),
            timeZoneID: row["time_zone"], category: category, colorTheme: theme, gradientConfig: gradient)
        let completed: Int64? = row["completed_ms"]
        self.init(
            meta: try RecordMeta(row: row), fields: fields,
            completedAt: completed.map(Date.init(millisecondsSince1970:)))
    }
}

extension CalendarEvent {
    init(row: Row) throws {
        let (category, theme, gradient) = try row.appearance()
        let excluded = try (row["excluded_ms"] as String).split(separator: ",").map { text in
            guard let milliseconds = Int64(text) else { throw StoreFault.corrupt("excluded date") }
            return Date(millisecondsSince1970: milliseconds)
        }
        let fields = CalendarEventFields(
            title: row["title"], startDate: Date(millisecondsSince1970: row["start_ms"]), timeZoneID: row["time_zone"],
            recurrenceRule: row["recurrence_rule"], excludedDates: excluded, category: category, colorTheme: theme,
            gradientConfig: gradient)
        self.init(meta: try RecordMeta(row: row), fields: fields)
    }
}

extension JournalEntry {
    init(row: Row) throws {
        guard let day = LocalDay(row["day"] as String) else { throw StoreFault.corrupt("journal day") }
        let fields = JournalEntryFields(notes: row["notes"], moodRating: row["mood"], imageUrl: row["image_url"])
        self.init(meta: try RecordMeta(row: row), date: day, fields: fields)
    }
}
