import Crypto
import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing
import ZIPFoundation

/// A backup with photos (a zip of the backup and the images) restores into another account, on either
/// database, with every photo readable byte for byte and shown by its journal entry and tracker; its dry
/// run counts the photos the import stores; a photo whose bytes do not match refuses the import whole.
@Suite struct PhotoBackupTests {
    /// A PNG's signature and bytes of its own: what Tally checks of a photo kept as it is sent.
    static func photo(_ seed: UInt8) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            + Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 * 7) ^ seed })
    }

    static let day = LocalDay("2026-11-21")!

    /// `scope`'s records with two photos shown: a journal day's and a tracker's. Two more are kept but shown by
    /// nothing, and stay out of a backup: a journal day's since deleted, and one a later upload replaced.
    static func populate(_ scope: UserScope) async throws -> [String: Data] {
        try await RecordConformanceTests.populate(scope)
        let journal = photo(1)
        let tracker = photo(2)
        let deleted = try await scope.images.keep(photo(3))
        _ = try await scope.journal.save(on: day.adding(days: -1), .init(notes: "Private", imageUrl: deleted))
        try await scope.journal.delete(on: day.adding(days: -1))
        let replaced = try await scope.images.keep(photo(4))
        _ = try await scope.journal.save(on: day, .init(notes: "Snow", moodRating: 5, imageUrl: replaced))
        let journalURL = try await scope.images.keep(journal)
        let trackerURL = try await scope.images.keep(tracker)
        _ = try await scope.journal.save(on: day, .init(notes: "Snow", moodRating: 5, imageUrl: journalURL))
        _ = try await scope.trackers.create(
            .init(
                title: "Trip", targetDate: TimeInput.parseInstant("2027-01-10T00:00:00-05:00")!,
                timeZoneID: "America/New_York", type: .till, imageUrl: trackerURL))
        return [
            ImageReference.name(in: journalURL)!: journal, ImageReference.name(in: trackerURL)!: tracker,
        ]
    }

    /// `source` populated with two photos and exported with them to `file` in `directory`.
    static func exported(
        _ source: StoreUnderTest
    ) async throws -> (photos: [String: Data], directory: TemporaryDirectory, file: URL) {
        let photos = try await populate(source.scope())
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("backup.zip")
        #expect(try await source.scope().backup.exportWithPhotos(to: file) == photos.count)
        return (photos, directory, file)
    }

    @Test(arguments: Database.available)
    func aBackupWithPhotosRestoresIntoAnotherAccountWithEveryPhoto(_ database: Database) async throws {
        try await database.withStore { source in
            let (photos, directory, file) = try await Self.exported(source)
            defer { _ = directory }  // the folder holding the zip stays until the test ends
            try await database.withStore { target in
                let other = UUID()
                let scope = target.scope(owner: other)
                let preview = try await scope.imports.run(file, dryRun: true)
                #expect(try await target.store.imageNames(owner: other).isEmpty)
                #expect(try await target.everything(of: other).isEmpty)
                let report = try await scope.imports.run(file)
                #expect(preview.addedByKind == report.addedByKind && preview.added == report.added)
                #expect(report.addedByKind?["photos"] == 2)
                #expect(report.summary.contains("2 photos"), "\(report.summary)")
                // Stored as the importing person's, with the very bytes, and shown by what showed them.
                #expect(try await target.store.imageNames(owner: other) == photos.keys.sorted())
                for (name, bytes) in photos {
                    #expect(try await scope.images.image(named: name)?.data == bytes)
                    #expect(try await target.store.image(named: name, owner: LocalUser.id) == nil)
                }
                let entry = try await scope.journal.entry(on: Self.day)
                let shown = try #require(entry?.fields.imageUrl.flatMap(ImageReference.name(in:)))
                #expect(try await scope.images.image(named: shown)?.data == photos[shown])
                #expect(try await scope.trackers.all().contains { $0.fields.imageUrl != nil })
                // Again: nothing new, photos included.
                let again = try await scope.imports.run(file, dryRun: true)
                #expect(again.added == 0 && again.addedByKind?["photos"] == 0)
            }
        }
    }

    @Test(arguments: Database.available)
    func aPhotoWhoseBytesDoNotMatchRefusesTheWholeImport(_ database: Database) async throws {
        try await database.withStore { source in
            let (photos, directory, file) = try await Self.exported(source)
            let name = photos.keys.sorted()[1]
            let original = try #require(photos[name])
            var changed = original
            changed[changed.startIndex + 2_000] ^= 0x01
            // One byte changed in the zip as it is (its CRC-32 then fails), and the zip packed again around the
            // changed photo (its CRC-32 is right; its name, the SHA-256 of the true bytes, is not).
            var flipped = try Data(contentsOf: file)
            let at = try #require(flipped.range(of: original)).lowerBound + 2_000
            flipped[at] ^= 0x01
            let damaged = directory.url.appendingPathComponent("flipped.zip")
            try flipped.write(to: damaged)
            let repacked = directory.url.appendingPathComponent("repacked.zip")
            try Self.repack(file, to: repacked, replacing: "images/\(name)", with: changed)
            try await database.withStore { target in
                let scope = target.scope(owner: UUID())
                for zip in [damaged, repacked] {
                    for dryRun in [true, false] {
                        do {
                            _ = try await scope.imports.run(zip, dryRun: dryRun)
                            Issue.record("\(zip.lastPathComponent) was imported")
                        } catch let error as TallyError {
                            #expect(
                                "\(error)".contains("images/\(name) in \(zip.lastPathComponent) is damaged (checksum)"))
                        }
                    }
                }
                #expect(try await target.store.imageNames(owner: scope.owner).isEmpty)
                #expect(try await target.everything(of: scope.owner).isEmpty)
            }
        }
    }

    @Test func aLaterVersionOfTheFormatIsRefusedNamingIt() async throws {
        try await Database.sqlite.withStore { source in
            let (_, directory, file) = try await Self.exported(source)
            let later = directory.url.appendingPathComponent("later.zip")
            try Self.repack(
                file, to: later, replacing: "tally-archive.json",
                with: Data(#"{"format":"tally-photo-backup","version":2}"#.utf8))
            try await Database.sqlite.withStore { target in
                do {
                    _ = try await target.scope().imports.run(later)
                    Issue.record("a later version was imported")
                } catch {
                    #expect("\(error)".contains("version 2, made by a later Tally"), "\(error)")
                }
                let stored = try await target.everything()
                #expect(stored.isEmpty)
            }
        }
    }

    /// `file`'s members packed into `target`, `path` with `data` instead.
    static func repack(_ file: URL, to target: URL, replacing path: String, with data: Data) throws {
        let source = try Archive(url: file, accessMode: .read)
        let archive = try Archive(url: target, accessMode: .create)
        for entry in source {
            var content = Data()
            _ = try source.extract(entry) { content.append($0) }
            if entry.path == path { content = data }
            try archive.addEntry(
                with: entry.path, type: .file, uncompressedSize: Int64(content.count), compressionMethod: .none
            ) { position, size in content.subdata(in: Int(position)..<Int(position) + size) }
        }
    }
}
