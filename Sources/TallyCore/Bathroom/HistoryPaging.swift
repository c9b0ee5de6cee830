/// How days of history are cut into pages: newest first, at most ``daysPerPage`` days and, once a page
/// holds ``eventsPerPage`` events, no further day (a page always holds at least one day). A day of more
/// than ``eventsPerPage`` events has a page of its own, which lists its latest ``eventsPerPage``
/// (``isCrowded(_:)``). A page stays a readable length however many events a day has, and its cost does
/// not grow with the days before it.
public struct HistoryPaging: Hashable, Sendable {
    public let daysPerPage: Int
    public let eventsPerPage: Int

    /// The history pages of the web app and the CLI: 30 days, fewer once 500 events are on the page.
    public static let standard = HistoryPaging(daysPerPage: 30, eventsPerPage: 500)

    public init(daysPerPage: Int, eventsPerPage: Int = 500) {
        self.daysPerPage = max(1, daysPerPage)
        self.eventsPerPage = max(1, eventsPerPage)
    }

    /// Page `page` (from 1) of `totals` (one per day with events, newest first): its days, and whether
    /// older days follow.
    public func page(_ page: Int, of totals: [DayTotal]) -> (days: ArraySlice<DayTotal>, hasOlder: Bool) {
        var start = totals.startIndex
        for _ in 1..<max(1, page) {
            guard start < totals.endIndex else { break }
            start = end(from: start, in: totals)
        }
        guard start < totals.endIndex else { return (totals[totals.endIndex...], false) }
        let end = end(from: start, in: totals)
        return (totals[start..<end], end < totals.endIndex)
    }

    /// Where the page that begins at `start` ends.
    private func end(from start: Int, in totals: [DayTotal]) -> Int {
        var index = start
        var events = 0
        while index < totals.endIndex, index - start < daysPerPage, index == start || events < eventsPerPage {
            if index > start, isCrowded(totals[index]) { break }
            events += totals[index].count
            index += 1
        }
        return index
    }

    /// Whether a day holds more events than a page lists: it is alone on its page, which lists its latest.
    public func isCrowded(_ day: DayTotal) -> Bool { day.count > eventsPerPage }
}
