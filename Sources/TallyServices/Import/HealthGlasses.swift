import Foundation
import TallyCore

/// Health's glasses of water as they are read, kept small: each sample becomes its provenance id and its
/// fields at once (the sample's texts are dropped), and the few time zone names are shared, so an export
/// with hundreds of thousands of glasses holds tens of bytes for each.
///
/// At most `limit` glasses are kept. Past that, the glasses are let go and only where they lie in time is
/// kept (``DaySpan``, a few dozen bytes a day), from which ``windows(_:holding:)`` cuts spans of time for
/// reading the export again, one span at a time (`keeping`): what an import holds does not grow with the
/// export.
struct HealthGlasses {
    /// The glasses of one day (by the UTC day of their instants): how many, the first and the last.
    struct DaySpan {
        var count: Int
        var first: Date
        var last: Date
    }

    let owner: UUID
    let now: Date
    let limit: Int
    /// Only the glasses whose instants lie here are kept (a window's reading); nil keeps every glass.
    let keeping: ClosedRange<Date>?
    private(set) var glasses: [WaterImportPlan.Glass] = []
    /// More glasses than `limit` were read: ``glasses`` was let go, ``days`` says where they all lie.
    private(set) var overflowed = false
    private(set) var days: [Int: DaySpan] = [:]
    /// How many times each record was seen, by the id of its first copy: two identical records (same
    /// source, time and amount) are two glasses, and the second gets its own id. Identical records have
    /// the same instant, so a window's reading numbers them as the whole export's does.
    private var copies: [UUID: Int] = [:]
    private var zones: [String: String] = [:]

    init(owner: UUID, now: Date, limit: Int = .max, keeping: ClosedRange<Date>? = nil) {
        self.owner = owner
        self.now = now
        self.limit = limit
        self.keeping = keeping
    }

    /// Every sample is checked, whether or not its glass is kept: the first reading checks the whole file.
    mutating func add(_ samples: [HealthWaterSample]) throws(TallyError) {
        for sample in samples {
            var fields = try ImportService.fields(of: sample, now: now)
            if let keeping, !keeping.contains(fields.at) { continue }
            if keeping == nil { note(fields.at) }
            guard !overflowed else { continue }
            fields.timeZoneID = shared(fields.timeZoneID)
            let key = "apple-health water\n\(sample.source)\n\(sample.startText)\n\(sample.valueText)"
            let first = ImportService.provenanceID("\(key)\n0", owner: owner)
            let copy = copies[first, default: 0]
            copies[first] = copy + 1
            let id = copy == 0 ? first : ImportService.provenanceID("\(key)\n\(copy)", owner: owner)
            glasses.append(.init(id: id, fields: fields))
            if glasses.count > limit {
                overflowed = true
                glasses = []
                copies = [:]
                zones = [:]
            }
        }
    }

    /// Spans of time that hold every glass of `days` between them, in order, each about `limit` glasses or
    /// fewer (a day holding more is a span of its own). A span ends only where the next glass is more than
    /// twice the plan's window later (``WaterImportPlan/window``): no stored entry, and no glass one span
    /// adds, is near enough to a glass of another span to be matched with it, so the spans' plans are the
    /// whole export's.
    static func windows(_ days: [Int: DaySpan], holding limit: Int) -> [ClosedRange<Date>] {
        var windows: [ClosedRange<Date>] = []
        var current: (first: Date, last: Date, count: Int)?
        for day in days.keys.sorted() {
            guard let span = days[day] else { continue }
            if let open = current, open.count + span.count > limit,
                span.first.timeIntervalSince(open.last) > 2 * WaterImportPlan.window
            {
                windows.append(open.first...open.last)
                current = nil
            }
            if let open = current {
                current = (open.first, max(open.last, span.last), open.count + span.count)
            } else {
                current = (span.first, span.last, span.count)
            }
        }
        if let open = current { windows.append(open.first...open.last) }
        return windows
    }

    private mutating func note(_ instant: Date) {
        let day = Int((instant.timeIntervalSince1970 / 86_400).rounded(.down))
        if var span = days[day] {
            span.count += 1
            span.first = min(span.first, instant)
            span.last = max(span.last, instant)
            days[day] = span
        } else {
            days[day] = DaySpan(count: 1, first: instant, last: instant)
        }
    }

    /// The one copy of a zone's name every glass in it refers to.
    private mutating func shared(_ zone: String) -> String {
        if let known = zones[zone] { return known }
        zones[zone] = zone
        return zone
    }
}
