import Foundation
import TallyCore
import TallyStorage

extension UserScope {
    /// Makes the store keep the person's per-day totals under their day boundary (as settings say now),
    /// building them if it does not. Whatever brings many records in calls it before it writes, so each of
    /// its batches adds to the totals, and after, in case the records brought a new day boundary: the
    /// first read after an import or a sync then finds them kept (a rebuild after a 2-million-record import
    /// took 3.9 s of that read).
    public func keepDayTotals() async throws {
        reading?.forget()
        try await store.keepDayTotals(owner: owner, boundary: try await now().settings.boundary)
    }
}
