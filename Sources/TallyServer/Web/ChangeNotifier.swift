import Foundation
import Metrics
import TallyStorage

/// One watcher per process for every open page's live updates: once a tick it asks the store for the
/// change numbers of the people who have a page open, in one call (one query on PostgreSQL), and calls
/// back only the pages of those whose number moved. It stops polling when the last page closes. Reading
/// the store, not this process's own writes, it hears changes made by any process on the database.
final class ChangeNotifier: @unchecked Sendable {
    typealias Callback = @Sendable (Int64) -> Void

    struct Watch: Hashable, Sendable {
        let owner: UUID
        let id: UUID
    }

    private let store: any NotificationStore
    private let interval: Duration
    private let lock = NSLock()
    private var callbacks: [UUID: [UUID: Callback]] = [:]
    private var marks: [UUID: Int64] = [:]
    private var polling = false

    init(store: any NotificationStore, interval: Duration) {
        self.store = store
        self.interval = interval
    }

    /// Calls `onChange` with the owner's new change number each time it moves past `mark`.
    func watch(owner: UUID, from mark: Int64, onChange: @escaping Callback) -> Watch {
        let watch = Watch(owner: owner, id: UUID())
        let starts = lock.withLock {
            callbacks[owner, default: [:]][watch.id] = onChange
            if marks[owner] == nil { marks[owner] = mark }
            defer { polling = true }
            return !polling
        }
        if starts { Task { await poll() } }
        Gauge(label: "tally_live_streams").record(openStreams)
        return watch
    }

    func stop(_ watch: Watch) {
        lock.withLock {
            callbacks[watch.owner]?[watch.id] = nil
            if callbacks[watch.owner]?.isEmpty == true {
                callbacks[watch.owner] = nil
                marks[watch.owner] = nil
            }
        }
        Gauge(label: "tally_live_streams").record(openStreams)
    }

    /// How many pages are watched, for the metrics.
    var openStreams: Int { lock.withLock { callbacks.values.reduce(0) { $0 + $1.count } } }

    private func poll() async {
        while true {
            try? await Task.sleep(for: interval)
            let owners: [UUID]? = lock.withLock {
                guard !callbacks.isEmpty else {
                    polling = false
                    return nil
                }
                return Array(callbacks.keys)
            }
            guard let owners else { return }
            // A store that fails for a moment is asked again on the next tick.
            guard let current = try? await store.changeMarks(owners: owners) else { continue }
            let calls: [(Callback, Int64)] = lock.withLock {
                var calls: [(Callback, Int64)] = []
                for (owner, mark) in current where marks[owner] != nil && marks[owner] != mark {
                    marks[owner] = mark
                    calls += (callbacks[owner] ?? [:]).values.map { ($0, mark) }
                }
                return calls
            }
            for (call, mark) in calls { call(mark) }
        }
    }
}
