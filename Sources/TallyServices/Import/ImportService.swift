import Crypto
import Foundation
import TallyCore
import TallyStorage

/// Brings a person's history in from a file: a Tally backup, or another tracker's export. Every import is
/// read and checked whole before anything is stored, so a bad file changes nothing; importing the same
/// file again changes nothing either. Habits and diaries are stored in one transaction; Health's glasses,
/// which run to hundreds of thousands, in commits of a few thousand (an interrupted import is completed,
/// never doubled, by running it again).
public struct ImportService: Sendable {
    let scope: UserScope

    /// Imports the file at `url` (its format told by its content unless `format` names one); a dry run
    /// reports the same figures and stores nothing. `moods` names the rating (1 to 5) of Daylio moods the
    /// person renamed or added. A Tally backup of another account is refused unless `adoptingOwners`: the
    /// person signed in and importing into their own account, or an administrator naming the account.
    public func run(
        _ url: URL, format: ImportFormat? = nil, dryRun: Bool = false, moods: [String: Int] = [:],
        adoptingOwners: Bool = true
    ) async throws -> ImportReport {
        let file = try ImportFile(url, forced: format)
        // Water and bathroom histories run to millions: the day totals are kept as each batch is stored.
        let keepsTotals = !dryRun && [.tally, .appleHealth].contains(file.format)
        return try await scope.store.writingInBulk {
            if keepsTotals { try await scope.keepDayTotals() }
            let report = try await run(file, dryRun: dryRun, moods: moods, adoptingOwners: adoptingOwners)
            if keepsTotals { try await scope.keepDayTotals() }
            return report
        }
    }

    private func run(
        _ file: ImportFile, dryRun: Bool, moods: [String: Int], adoptingOwners: Bool
    ) async throws -> ImportReport {
        let url = file.url
        switch file.format {
        case .tally:
            // A backup's photos are all checked before anything is stored, then stored before its records.
            let photos = try file.photoArchive.map { try BackupPhotos(archive: $0, fileName: url.lastPathComponent) }
            try photos?.verify()
            let stored = photos == nil ? [] : Set(try await scope.store.imageNames(owner: scope.owner))
            let newPhotos = Set(photos?.names.filter { !stored.contains($0) } ?? [])
            // Read a chunk at a time, from the file itself or from a copy of the zip archive's member.
            let result = try await file.onDisk {
                var backup = BackupFileImport(scope: scope, url: $0, adoptsOwners: adoptingOwners, dryRun: dryRun)
                if let photos {
                    backup.beforeStoring = { try await photos.store(newPhotos, into: scope.store, owner: scope.owner) }
                }
                return try await backup.run()
            }
            var kinds: [String: Int] = Dictionary(
                uniqueKeysWithValues: result.insertedByKind.map { ($0.key.backupKey, $0.value) })
            if photos != nil { kinds["photos"] = newPhotos.count }
            return ImportReport(
                format: .tally, dryRun: dryRun, added: result.inserted - result.insertedDeletions + newPhotos.count,
                updated: result.updated, duplicates: 0, unchanged: result.unchanged, addedByKind: kinds,
                deletions: result.insertedDeletions)
        case .appleHealth:
            return try await importHealthWater(file, dryRun: dryRun)
        case .loop:
            if case .archive(let archive) = file.content {
                let habits = try LoopCSVReader.habits(in: archive, named: url.lastPathComponent)
                return try await importHabits(habits, format: .loop, dryRun: dryRun)
            }
            return try await importHabits(try LoopBackupReader.habits(at: url), format: .loop, dryRun: dryRun)
        case .tableHabit:
            return try await importHabits(
                try TableHabitReader.habits(from: try file.data()), format: .tableHabit, dryRun: dryRun)
        case .beaver:
            return try await importHabits(
                try BeaverReader.habits(from: try file.data()), format: .beaver, dryRun: dryRun)
        case .daylio:
            let table = try CSVTable(String(decoding: try file.data(), as: UTF8.self), name: url.lastPathComponent)
            // A file of another kind read as Daylio's (`--format daylio`) holds no rows: say so, not "added 0".
            guard !table.records.isEmpty else {
                throw TallyError.unreadable(
                    "\(url.lastPathComponent) holds no diary entries: a Daylio export is a CSV file with a header "
                        + "(full_date,date,weekday,time,mood,activities,…) and a row for each entry")
            }
            let entries = try table.records.enumerated().map { (index, columns) throws(TallyError) in
                try DaylioEntry(row: index + 2, columns: columns)
            }
            return try await importJournal(entries, moods: DaylioMoods(custom: moods), dryRun: dryRun)
        }
    }

    /// The metadata of a record this import makes.
    func meta(_ id: UUID, at instant: Date) -> RecordMeta {
        RecordMeta(
            id: id, ownerID: scope.owner, createdAt: instant, modifiedAt: instant, deviceID: scope.store.deviceID,
            stamp: .zero)
    }

    /// The id of an imported item: the same item of the same person's always gets the same id (a name-based
    /// UUID, version 8, from SHA-256), so a second import finds it stored.
    static func provenanceID(_ key: String, owner: UUID) -> UUID {
        var bytes = Array(SHA256.hash(data: Data("\(owner.text)\n\(key)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension ImportService {
    /// The format of the file at `url`, told by its content unless `forced` names one.
    public static func format(of url: URL, forced: ImportFormat? = nil) throws -> ImportFormat {
        try ImportFile(url, forced: forced).format
    }
}
