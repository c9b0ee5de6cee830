import Foundation
import Logging
import ServiceLifecycle
import TallyCore
import TallyNotify
import TallyServices
import TallyStorage

/// The service inside `tally serve` that applies everyone's skill rules to today and yesterday when the
/// server starts and every ``interval`` after: it takes in what arrived without passing a service (a
/// device's sync, an import) and decides night conditions once the night is over. Writes made through the
/// services evaluate their days at once; this finds the rest. Each person's day is theirs (zone, day
/// start); an evaluation that finds nothing new writes nothing, so several servers on one database may
/// each run it.
struct SkillRuleEvaluator: Service {
    static let interval: TimeInterval = 300

    let store: any TallyStore
    let clock: any SleepingClock
    let machineZone: TimeZone
    let interval: TimeInterval
    let logger: Logger

    init(
        store: any TallyStore, clock: any SleepingClock, machineZone: TimeZone,
        interval: TimeInterval = SkillRuleEvaluator.interval, logger: Logger
    ) {
        self.store = store
        self.clock = clock
        self.machineZone = machineZone
        self.interval = interval
        self.logger = logger
    }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await evaluateEveryone()
            do {
                try await cancelWhenGracefulShutdown {
                    try await clock.sleep(until: clock.now().addingTimeInterval(interval))
                }
            } catch {
                break
            }
        }
    }

    /// One round: each person in turn; one whose evaluation fails is tried next round.
    func evaluateEveryone() async {
        let people: [UserAccount]
        do {
            people = try await store.users()
        } catch {
            logger.warning("applying skill rules: \(error)")
            return
        }
        for person in people where !Task.isCancelled && !Task.isShuttingDownGracefully {
            let scope = UserScope(store: store, owner: person.id, clock: clock, machineZone: machineZone)
            do {
                let today = try await scope.now().today
                try await scope.skillRules.evaluate(days: [today.adding(days: -1), today])
            } catch {
                logger.warning("applying the skill rules of \(person.name): \(error)")
            }
        }
    }
}
