import Testing

@testable import TallyCore

/// History pages: so many days, fewer once they hold enough events, never an empty page while days are
/// left, and every day on exactly one page.
@Suite struct HistoryPagingTests {
    static func totals(_ counts: [Int]) -> [DayTotal] {
        let newest = LocalDay(year: 2026, month: 11, day: 22)!
        return counts.enumerated().map { index, count in
            DayTotal(series: .bathroom, day: newest.adding(days: -index), count: count, amount: 0)
        }
    }

    @Test func pagesHoldSoManyDaysFewerWhenTheyAreFull() {
        let paging = HistoryPaging(daysPerPage: 3, eventsPerPage: 10)
        // Sparse days: three a page.
        let sparse = Self.totals([1, 2, 1, 3, 1, 1, 2])
        #expect(paging.page(1, of: sparse).days.map(\.count) == [1, 2, 1])
        #expect(paging.page(3, of: sparse).days.map(\.count) == [2])
        #expect(paging.page(3, of: sparse).hasOlder == false && paging.page(2, of: sparse).hasOlder)
        #expect(paging.page(4, of: sparse).days.isEmpty && !paging.page(4, of: sparse).hasOlder)
        // Full days: a page ends once it holds ten events; a day of more than ten is a page of its own.
        let dense = Self.totals([4, 5, 3, 25, 6, 6, 1])
        let pages = (1...5).map { paging.page($0, of: dense).days.map(\.count) }
        #expect(pages == [[4, 5, 3], [25], [6, 6], [1], []])
        #expect(pages.flatMap { $0 } == dense.map(\.count))
        // A day of more than ten never ends a page either: it is alone on its own, which lists its latest.
        let crowded = Self.totals([4, 25, 3])
        #expect((1...3).map { paging.page($0, of: crowded).days.map(\.count) } == [[4], [25], [3]])
        #expect(paging.isCrowded(crowded[1]) && !paging.isCrowded(crowded[0]))
    }

    @Test func theStandardPageIsThirtyDaysOfAPersonsUsualHistory() {
        let month = Self.totals(Array(repeating: 8, count: 45))
        #expect(HistoryPaging.standard.page(1, of: month).days.count == 30)
        let dense = Self.totals(Array(repeating: 137, count: 45))
        #expect(HistoryPaging.standard.page(1, of: dense).days.count == 4)
    }
}
