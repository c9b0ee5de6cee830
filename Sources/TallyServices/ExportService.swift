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
        let rows = try await rows(of: table)
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: table.header)
        for row in rows { try writer.write(row: row) }
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

    func rows(of table: ExportTable) async throws -> [[String]] {
        let owner = scope.owner
        switch table {
        case .water:
            return try await scope.store.records(WaterEntry.self, owner: owner, .all)
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row)
        case .bathroom:
            return try await scope.store.records(BathroomEvent.self, owner: owner, .all)
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row)
        case .skills:
            return try await scope.store.skills(owner: owner)
                .sorted { ($0.fields.startDay, $0.name, $0.id) < ($1.fields.startDay, $1.name, $1.id) }
                .map(ExportTable.row)
        case .skillCompletions:
            let names = Dictionary(
                try await scope.store.skills(owner: owner).map { ($0.id, $0.name) }, uniquingKeysWith: { $1 })
            return try await scope.store.records(SkillCompletion.self, owner: owner, .all)
                .filter { names[$0.skillID] != nil && $0.level != .none }
                .sorted { ($0.day, names[$0.skillID]!) < ($1.day, names[$1.skillID]!) }
                .map { ExportTable.row($0, skillName: names[$0.skillID]!) }
        case .journal:
            return try await scope.store.records(JournalEntry.self, owner: owner, .all)
                .sorted { $0.date < $1.date }.map(ExportTable.row)
        }
    }
}
