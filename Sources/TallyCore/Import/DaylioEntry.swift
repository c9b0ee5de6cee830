import Foundation

/// One row of a Daylio CSV export: a mood at a time of a day, with activities and a note.
public struct DaylioEntry: Hashable, Sendable {
    /// The row's number in the file (the header is row 1), for error messages.
    public var row: Int
    public var day: LocalDay
    /// Minutes after midnight.
    public var minutes: Int
    public var mood: String
    public var activities: [String]
    public var title: String?
    public var note: String?

    public init(
        row: Int, day: LocalDay, minutes: Int, mood: String, activities: [String] = [], title: String? = nil,
        note: String? = nil
    ) {
        self.row = row
        self.day = day
        self.minutes = minutes
        self.mood = mood
        self.activities = activities
        self.title = title
        self.note = note
    }

    /// Reads a row by its columns (`full_date` or `year` + `date`, `time`, `mood`, `activities`,
    /// `note_title`, `note`). `date` is localised, so a row without `full_date` needs `year` and an
    /// English "Month day" date.
    public init(row: Int, columns: [String: String]) throws(TallyError) {
        func column(_ name: String) -> String? {
            columns[name]?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        }
        let place = "row \(row)"
        if let text = column("full_date") {
            guard let day = LocalDay(text) else {
                throw .unreadable("\(place): full_date '\(text)' is not a date YYYY-MM-DD")
            }
            self.day = day
        } else if let year = column("year").flatMap(Int.init), let date = column("date"),
            let day = Self.day(year: year, date: date)
        {
            self.day = day
        } else {
            throw .unreadable("\(place): the entry has no date Tally can read (full_date, or year and date)")
        }
        let time = column("time") ?? ""
        guard let minutes = Self.minutes(time) else {
            throw .unreadable("\(place): time '\(time)' is not a time such as 6:50 pm or 14:58")
        }
        guard let mood = column("mood") else { throw .unreadable("\(place): the entry has no mood") }
        self.row = row
        self.minutes = minutes
        self.mood = mood
        self.activities = (column("activities") ?? "").components(separatedBy: "|").compactMap {
            $0.trimmingCharacters(in: .whitespaces).nilIfEmpty
        }
        self.title = column("note_title")
        self.note = column("note")
    }

    /// "6:50 pm", "6:50 a.m.", "14:58" as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        var clock = text.lowercased().replacingOccurrences(of: ".", with: "").trimmingCharacters(in: .whitespaces)
        var shift: Int?
        for (suffix, hours) in [("am", 0), ("pm", 12)] where clock.hasSuffix(suffix) {
            shift = hours
            clock = String(clock.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute)
        else { return nil }
        if let shift {
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) + shift) * 60 + minute
        }
        guard (0..<24).contains(hour) else { return nil }
        return hour * 60 + minute
    }

    /// An old export's "January 5" or "5 January" in `year`.
    static func day(year: Int, date: String) -> LocalDay? {
        let months = [
            "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        ]
        let words = date.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard let month = words.compactMap({ word in months.firstIndex { word.hasPrefix($0) } }).first,
            let number = words.compactMap({ Int($0) }).first
        else { return nil }
        return LocalDay(year: year, month: month + 1, day: number)
    }

    /// "18:50 · rad · work | friends", then the title and the note, as the journal keeps it.
    public var text: String {
        var head = String(format: "%02d:%02d", minutes / 60, minutes % 60) + " · " + mood
        if !activities.isEmpty { head += " · " + activities.joined(separator: " | ") }
        return ([head] + [title, note].compactMap { $0 }).joined(separator: "\n")
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
