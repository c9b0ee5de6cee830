import Foundation
import Testing

@testable import TallyNotify

/// A delivery this process is sending is never taken again by it, however long the send takes: only
/// another process may take it over, once the store's lease runs out.
@Suite struct SchedulerStateTests {
    static let now = Date(timeIntervalSince1970: 1_795_500_000)
    let key = SchedulerState.DeliveryKey(owner: UUID(), key: "reminder/x/1", channel: UUID())

    @Test func aSendStillGoingIsNotTakenAgainAfterItsHoldRunsOut() {
        let state = SchedulerState()
        #expect(state.take(key, now: Self.now, holdFor: 3, due: Self.now))
        // Ten seconds on, past the 3 s hold, the send has not finished: not again.
        #expect(!state.take(key, now: Self.now.addingTimeInterval(10), holdFor: 3, due: Self.now))
        // It ends without an outcome (an error): tried again once the hold has run out.
        state.finished(key)
        #expect(state.take(key, now: Self.now.addingTimeInterval(10), holdFor: 3, due: Self.now))
        // Sent: never again.
        state.settle(key, outcome: .sent, now: Self.now.addingTimeInterval(11), lease: 3)
        state.finished(key)
        #expect(!state.take(key, now: Self.now.addingTimeInterval(3_600), holdFor: 3, due: Self.now))
    }
}
