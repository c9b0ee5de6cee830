import Foundation
import Metrics
import ServiceLifecycle
import TallyStorage

/// One watcher per process for every open page's live updates: once a tick it asks the store for the
/// change numbers of the people who have a page open, in one call (one query on PostgreSQL), and calls
/// back only the pages of those whose number moved. It stops polling when the last page closes. Reading
/// the store, not this process's own writes, it hears changes made by any process on the database.
///
/// Where the database announces commits (PostgreSQL's LISTEN/NOTIFY), an announcement for someone with
/// a page open asks at once, and the regular tick is only a safety net, ``announcedSlowdown`` times slower.
///
/// It is a service of the application: ``run()`` polls (and listens) while pages are open and waits while
/// none is, and graceful shutdown ends it, and with it any listening on the database.
final class ChangeNotifier: Service, @unchecked Sendable {
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
    /// Tells ``run()`` that a page opened while none was, so polling starts.
    private let (starts, start) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    /// Listens for announcements of changes until cancelled, calling its argument with each owner: the
    /// store's, unless a test gives its own; nil where the database announces nothing.
    typealias Listener = @Sendable (@escaping @Sendable (UUID) -> Void) async -> Void
    private let listen: Listener?

    init(store: any NotificationStore, interval: Duration, listen: Listener? = nil) {
        self.store = store
        self.interval = interval
        if let listen {
            self.listen = listen
        } else if store.announcesChanges {
            self.listen = { @Sendable heard in await store.listenForChanges(heard) }
        } else {
            self.listen = nil
        }
    }

    /// Polls while pages are open, until graceful shutdown.
    func run() async {
        await cancelWhenGracefulShutdown {
            for await _ in self.starts { await self.poll() }
        }
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
        if starts { start.yield() }
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

    /// Asks the store once a tick (and at each announcement) until the last page closes.
    private func poll() async {
        let (ticks, tick) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        lock.withLock { wake = tick }
        let every = listen == nil ? interval : interval * Self.announcedSlowdown
        await withTaskGroup(of: Void.self) { group in
            // The first tick comes after the short interval either way: a change committed before the
            // database listens is found there.
            group.addTask { [interval] in
                var pause = interval
                while !Task.isCancelled {
                    try? await Task.sleep(for: pause)
                    tick.yield()
                    pause = every
                }
            }
            if let listen {
                group.addTask {
                    await listen { owner in if self.isWatched(owner) { tick.yield() } }
                }
            }
            await answer(ticks)
            group.cancelAll()
        }
    }

    /// Reads the marks of the watched owners at each tick and calls back the pages of those whose mark
    /// moved; returns when no page is open (or the task is cancelled).
    private func answer(_ ticks: AsyncStream<Void>) async {
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
        // Cancelled (graceful shutdown) while pages were open: a later start polls afresh.
        lock.withLock {
            polling = false
            wake = nil
        }
    }
}
