import Foundation
import TallyCore

/// How a delivery's claim is stored: `leased` while a process sends it, `retry` until its next attempt,
/// `done` once sent or given up. Every database stores the same words.
public enum DeliveryState {
    /// The state and next attempt time (milliseconds; 0 for none) a claim takes after `outcome`.
    public static func after(_ outcome: DeliveryOutcome) -> (state: String, nextAttempt: Int64) {
        switch outcome {
        case .sent, .gaveUp, .removed: ("done", 0)
        case .retry(let instant): ("retry", instant.millisecondsSince1970)
        }
    }
}
