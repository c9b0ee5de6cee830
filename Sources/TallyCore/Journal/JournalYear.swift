/// A year of the journal at a glance: one row per month, one cell per day, coloured by mood.
public struct JournalYear: Sendable {
    public struct Month: Sendable {
        public let month: Int
        public let days: [JournalMonth.Cell]
    }

    public let year: Int
    public let months: [Month]
    public let entryCount: Int

    public init(year: Int, entries: [JournalEntry], today: LocalDay) {
        self.year = year
        let byDay = Dictionary(
            entries.filter { $0.date.year == year }.map { ($0.date, $0) }, uniquingKeysWith: { a, _ in a })
        months = (1...12).map { month in
            var days: [JournalMonth.Cell] = []
            var day = LocalDay(year: year, month: month, day: 1)!
            while day.month == month {
                days.append(
                    JournalMonth.Cell(day: day, entry: byDay[day], isToday: day == today, isFuture: day > today))
                day = day.adding(days: 1)
            }
            return Month(month: month, days: days)
        }
        entryCount = byDay.count
    }
}
