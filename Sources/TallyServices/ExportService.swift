import Foundation
import TallyCore
import TallyStorage

/// Takes a person's records out in formats other programs read: a CSV file per tracker (RFC 4180, see
/// ``CSVText``, so commas, quotes and newlines in notes survive) and an iCalendar file of their dates.
public struct ExportService: Sendable {
    let scope: UserScope

    /// Writes `table` as CSV to `write` a piece of about 64 KB at a time, oldest first, holding one
    /// stretch of its records (see ``rows(of:_:)``) and one piece of text.
    public func csv(_ table: ExportTable, to write: (Data) async throws -> Void) async throws {
        var text = CSVText(capacity: Self.piece + 4_096)
        text.append(row: table.header)
        try await rows(of: table) { rows in
            for row in rows {
                text.append(row: row)
                if text.bytes.count >= Self.piece {
                    try await write(Data(text.bytes))
                    text.clear()
                }
            }
        }
        if !text.bytes.isEmpty { try await write(Data(text.bytes)) }
    }

    /// Every table's CSV in a zip archive (one deflated file each, ``ExportTable/fileName``), written to
    /// `write` as it is made: nothing is held but a piece of text and a stretch of records, so an export of
    /// any size streams to a file or a download alike.
    public func csvArchive(to write: (Data) async throws -> Void) async throws {
        let now = try await scope.now()
        var zip = ZipStream(modified: now.instant, zone: now.zone)
        for table in ExportTable.allCases {
            try await write(try zip.openEntry(table.fileName))
            try await csv(table) { piece in
                let deflated = try zip.write(piece)
                if !deflated.isEmpty { try await write(deflated) }
            }
            try await write(try zip.closeEntry())
        }
        try await write(try zip.finish())
    }

    /// How much CSV text is made before it is written out.
    static let piece = 1 << 16

    /// The person's events, reminders and trackers as an iCalendar file (the same as their calendar feed).
    public func calendar() async throws -> CalendarFeed {
        let now = try await scope.now()
        let owner = scope.owner
        async let reminders = scope.store.reminders(owner: owner)
        async let events = scope.store.calendarEvents(owner: owner)
        async let trackers = scope.store.dateTrackers(owner: owner)
        return CalendarFeed(
            name: "Tally", reminders: try await reminders, events: try await events, trackers: try await trackers,
            preferences: try await scope.notificationSettings.current(), wakeTime: now.settings.wakeTime,
            now: now.instant)
    }

    /// Hands `table`'s rows to `write` in order, the long kinds (water, the bathroom) a ``BackupService``
    /// stretch of time at a time, so an export of any size holds one stretch, not the whole history.
    func rows(of table: ExportTable, _ write: ([[String]]) async throws -> Void) async throws {
        switch table {
        case .water:
            try await inStretches(WaterEntry.self, by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
                try await write($0.map(ExportTable.row))
            }
        case .bathroom:
            try await inStretches(BathroomEvent.self, by: { ($0.at, $0.id) < ($1.at, $1.id) }) {
                try await write($0.map(ExportTable.row))
            }
        case .skills:
            try await write(
                try await scope.store.skills(owner: scope.owner)
                    .sorted { ($0.fields.startDay, $0.name, $0.id) < ($1.fields.startDay, $1.name, $1.id) }
                    .map(ExportTable.row))
        case .skillCompletions:
            let names = Dictionary(
                try await scope.store.skills(owner: scope.owner).map { ($0.id, $0.name) }, uniquingKeysWith: { $1 })
            try await write(
                try await scope.store.records(SkillCompletion.self, owner: scope.owner, .all)
                    .filter { names[$0.skillID] != nil && $0.level != .none }
                    .sorted { ($0.day, names[$0.skillID]!) < ($1.day, names[$1.skillID]!) }
                    .map { ExportTable.row($0, skillName: names[$0.skillID]!) })
        case .journal:
            try await write(
                try await scope.store.records(JournalEntry.self, owner: scope.owner, .all)
                    .sorted { $0.date < $1.date }.map(ExportTable.row))
        }
    }

    /// A long kind's live records, a stretch of its search key (its time) at a time, in (time, id) order;
    /// the next stretch is read while this one is written.
    private func inStretches<Record: SyncedRecord>(
        _ type: Record.Type, by order: @escaping @Sendable (Record, Record) -> Bool,
        _ body: ([Record]) async throws -> Void
    ) async throws {
        let keys = try await scope.store.searchKeyRange(type, owner: scope.owner)
        let reads = BackupService.reads(of: type, over: keys, includingDeleted: false)
        @Sendable func read(_ query: RecordQuery) -> Task<[Record], any Error> {
            Task { [scope] in
                try await scope.store.records(type, owner: scope.owner, query).sorted(by: order)
            }
        }
        var next = read(reads[0])
        for index in reads.indices {
            let records = try await next.value
            if index + 1 < reads.count { next = read(reads[index + 1]) }
            try await body(records)
        }
    }
}
