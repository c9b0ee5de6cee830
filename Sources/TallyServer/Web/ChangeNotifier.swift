import Foundation
import Metrics
import TallyStorage

/// One watcher per process for every open page's live updates: once a tick it asks the store for the
/// change numbers of the people who have a page open, in one call (one query on PostgreSQL), and calls
/// back only the pages of those whose number moved. It stops polling when the last page closes. Reading
/// the store, not this process's own writes, it hears changes made by any process on the database.
///
/// Where the database announces commits (PostgreSQL's LISTEN/NOTIFY), an announcement for someone with
/// a page open asks at once, and the regular tick is only a safety net, ``announcedSlowdown`` times slower.
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
    /// Wakes the polling loop before its tick (the last page closed).
    private var wake: AsyncStream<Void>.Continuation?

    /// Where announcements of changes come from: the store's, unless a test gives its own.
    private let announcements: @Sendable () -> AsyncStream<UUID>?

    init(
        store: any NotificationStore, interval: Duration,
        announcements: (@Sendable () -> AsyncStream<UUID>?)? = nil
    ) {
        self.store = store
        self.interval = interval
        self.announcements = announcements ?? { store.changeAnnouncements() }
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
            // The loop ends at once, and with it any listening on the database.
            if callbacks.isEmpty { wake?.yield() }
        }
        Gauge(label: "tally_live_streams").record(openStreams)
    }

    /// How many pages are watched, for the metrics.
    var openStreams: Int { lock.withLock { callbacks.values.reduce(0) { $0 + $1.count } } }

    /// How much slower the tick is where the database announces changes.
    static let announcedSlowdown = 15

    /// Whether a page of `owner` is open.
    private func isWatched(_ owner: UUID) -> Bool { lock.withLock { callbacks[owner] != nil } }

    private func poll() async {
        let (ticks, tick) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        lock.withLock { wake = tick }
        let announcements = announcements()
        let every = announcements == nil ? interval : interval * Self.announcedSlowdown
        // The first tick comes after the short interval either way: a change committed before the database
        // listens is found there.
        let timer = Task { [interval] in
            var pause = interval
            while !Task.isCancelled {
                try? await Task.sleep(for: pause)
                tick.yield()
                pause = every
            }
        }
        let listener = announcements.map { announced in
            Task { [weak self] in
                for await owner in announced where self?.isWatched(owner) == true { tick.yield() }
            }
        }
        defer {
            timer.cancel()
            listener?.cancel()
        }
        for await _ in ticks {
            let owners: [UUID]? = lock.withLock {
                guard !callbacks.isEmpty else {
                    polling = false
                    wake = nil
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
