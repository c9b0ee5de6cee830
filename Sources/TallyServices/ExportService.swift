import CSV
import Foundation
import TallyCore
import TallyStorage
import ZIPFoundation

/// Takes a person's records out in formats other programs read: a CSV file per tracker (RFC 4180, written
/// with CSV.swift, so commas, quotes and newlines in notes survive) and an iCalendar file of their dates.
public struct ExportService: Sendable {
    let scope: UserScope

    /// Writes `table` as CSV to `stream` (opened by the caller), oldest first.
    public func csv(_ table: ExportTable, to stream: OutputStream) async throws {
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: table.header)
        try await rows(of: table) { rows in
            for row in rows { try writer.write(row: row) }
        }
        // CSV.swift separates rows; a file that ends its last line too reads better in text tools.
        _ = writer.stream.write([UInt8(ascii: "\n")], maxLength: 1)
        writer.stream.close()
    }

    /// Writes every table's CSV into a zip archive at `url` (replacing a file there).
    public func csvArchive(to url: URL) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        for table in ExportTable.allCases {
            let file = folder.appendingPathComponent(table.fileName)
            guard let stream = OutputStream(url: file, append: false) else {
                throw TallyError.unreadable("cannot write \(file.path)")
            }
            stream.open()
            try await csv(table, to: stream)
            try archive.addEntry(with: table.fileName, relativeTo: folder, compressionMethod: .deflate)
        }
    }

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
    func rows(of table: ExportTable, _ write: ([[String]]) throws -> Void) async throws {
        switch table {
        case .water:
            try await inStretches(WaterEntry.self) {
                try write($0.sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row))
            }
        case .bathroom:
            try await inStretches(BathroomEvent.self) {
                try write($0.sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row))
            }
        case .skills:
            try write(
                try await scope.store.skills(owner: scope.owner)
                    .sorted { ($0.fields.startDay, $0.name, $0.id) < ($1.fields.startDay, $1.name, $1.id) }
                    .map(ExportTable.row))
        case .skillCompletions:
            let names = Dictionary(
                try await scope.store.skills(owner: scope.owner).map { ($0.id, $0.name) }, uniquingKeysWith: { $1 })
            try write(
                try await scope.store.records(SkillCompletion.self, owner: scope.owner, .all)
                    .filter { names[$0.skillID] != nil && $0.level != .none }
                    .sorted { ($0.day, names[$0.skillID]!) < ($1.day, names[$1.skillID]!) }
                    .map { ExportTable.row($0, skillName: names[$0.skillID]!) })
        case .journal:
            try write(
                try await scope.store.records(JournalEntry.self, owner: scope.owner, .all)
                    .sorted { $0.date < $1.date }.map(ExportTable.row))
        }
    }

    /// A long kind's live records, a stretch of its search key (its time) at a time, in key order.
    private func inStretches<Record: SyncedRecord>(
        _ type: Record.Type, _ body: ([Record]) throws -> Void
    ) async throws {
        let keys = try await scope.store.searchKeyRange(type, owner: scope.owner)
        for query in BackupService.reads(of: type, over: keys, includingDeleted: false) {
            try body(try await scope.store.records(type, owner: scope.owner, query))
        }
    }
}
