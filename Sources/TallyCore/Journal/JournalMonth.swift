/// A month of the journal as a calendar: Monday-first weeks, each day with its entry's mood.
public struct JournalMonth: Sendable {
    public struct Cell: Sendable {
        public let day: LocalDay
        public let entry: JournalEntry?
        public let isToday: Bool
        public let isFuture: Bool
    }

    public let year: Int
    public let month: Int
    /// Rows of seven; nil pads the days before the 1st and after the last.
    public let weeks: [[Cell?]]
    public let entryCount: Int
    /// The mean mood of the days that have one, or nil.
    public let averageMood: Double?

    /// The calendar of `year`-`month` from `entries` (other months' entries are ignored).
    public init(year: Int, month: Int, entries: [JournalEntry], today: LocalDay) {
        self.year = year
        self.month = month
        let first = LocalDay(year: year, month: month, day: 1)!
        let byDay = Dictionary(
            entries.filter { $0.date.year == year && $0.date.month == month }.map { ($0.date, $0) },
            uniquingKeysWith: { a, _ in a })
        var cells: [Cell?] = Array(repeating: nil, count: first.isoWeekday - 1)
        var day = first
        while day.month == month {
            cells.append(Cell(day: day, entry: byDay[day], isToday: day == today, isFuture: day > today))
            day = day.adding(days: 1)
        }
        while cells.count % 7 != 0 { cells.append(nil) }
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
        entryCount = byDay.count
        let moods = byDay.values.compactMap(\.fields.moodRating)
        averageMood = moods.isEmpty ? nil : Double(moods.reduce(0, +)) / Double(moods.count)
    }
}
