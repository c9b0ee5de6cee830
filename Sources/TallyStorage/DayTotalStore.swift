import Foundation
import TallyCore

/// Per-day totals (see ``DaySeries``) kept by the database, so that reads over years of history cost one
/// row per day, not one per entry.
///
/// Every write, merge, import and delete of a counted record changes its day's total in the same
/// transaction. An owner's totals are kept under one day boundary (the day a late-night entry falls on
/// depends on it): a read under another boundary first recomputes all of them under the new one, once.
/// An owner nothing was read for yet has no totals kept; the first read builds them.
public protocol DayTotalStore: Sendable {
    /// The days of `query.series` with at least one record, as ``DayTotalQuery`` asks.
    func dayTotals(owner: UUID, boundary: DayBoundary, _ query: DayTotalQuery) async throws -> [DayTotal]

    /// Every total kept for `owner` and the boundary they are kept under (nil when none are kept), by series
    /// and then day: what a check compares with totals recomputed from the records.
    func storedDayTotals(owner: UUID) async throws -> (boundary: DayBoundary?, totals: [DayTotal])
}

extension DayTotalStore {
    /// Builds the owner's totals under `boundary` unless they are kept under it already, so that what
    /// brings many records in (an import, a sync, a copy) keeps them batch by batch and no read pays for
    /// a rebuild afterwards.
    public func keepDayTotals(owner: UUID, boundary: DayBoundary) async throws {
        _ = try await dayTotals(owner: owner, boundary: boundary, DayTotalQuery(.water, limit: 0))
    }
}
