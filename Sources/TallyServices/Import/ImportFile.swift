import Foundation
import TallyCore
import ZIPFoundation

/// A file to import, read as a stream of chunks: the file itself, or the member of a zip archive whose
/// content is a format Tally reads (Health's export sits in `apple_health_export/` under a localised name,
/// beside `export_cda.xml`, which is skipped), or a whole archive (Loop's CSV export).
struct ImportFile {
    enum Content {
        case file
        case member(Archive, Entry)
        case archive(Archive)
    }

    let format: ImportFormat
    let url: URL
    let content: Content
    /// For a backup that carries its photos (``PhotoBackup``): the archive, whose `backup.json` is the content.
    private(set) var photoArchive: Archive?

    static let chunkSize = 1 << 20
    /// How much of a file is read to tell its format.
    static let sniffSize = 64 << 10

    /// Opens `url`, telling its format from its content; `forced` is the format it must be read as.
    init(_ url: URL, forced: ImportFormat? = nil) throws {
        self.url = url
        let name = url.lastPathComponent
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw TallyError.unreadable("cannot read \(name)")
        }
        let prefix = (try? handle.read(upToCount: Self.sniffSize)) ?? Data()
        try? handle.close()
        if prefix.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let archive: Archive
            do {
                archive = try Archive(url: url, accessMode: .read)
            } catch {
                throw TallyError.unreadable("\(name) is not a readable zip archive")
            }
            if forced == nil || forced == .tally, archive[PhotoBackup.manifestPath] != nil {
                guard let backup = archive[PhotoBackup.backupPath], backup.type == .file else {
                    throw TallyError.unreadable(
                        "\(name) is a Tally backup with photos without its \(PhotoBackup.backupPath): nothing to import"
                    )
                }
                format = .tally
                content = .member(archive, backup)
                photoArchive = archive
                return
            }
            if forced == nil || forced == .loop, Self.habitsCSV(in: archive) != nil {
                format = .loop
                content = .archive(archive)
                return
            }
            for entry in archive where entry.type == .file && Self.mayHold(entry.path) {
                guard let format = Self.recognise(entry, in: archive), forced == nil || format == forced else {
                    continue
                }
                self.format = format
                content = .member(archive, entry)
                return
            }
            throw TallyError.unreadable(
                "\(name) holds no file Tally imports (an Apple Health export.xml, Loop's Habits.csv, a Tally backup "
                    + "or another tracker's export)")
        }
        let seen = ImportFormat.recognise(prefix)
        if let forced, let seen, seen != forced, !Self.mayBeEither(forced, seen) {
            // Read as the format given, another tracker's file would say "added 0" or "row 2: no date".
            throw TallyError.unreadable(
                "\(name) looks like a \(seen.title) file, not \(forced.title): import it as \(seen.title) "
                    + "(format \(seen.rawValue)), or let Tally recognise it")
        }
        guard let format = forced ?? seen else {
            throw TallyError.unreadable(
                "\(name) is not a file Tally imports: expected a Tally backup, an Apple Health export, a Loop Habit "
                    + "Tracker backup or CSV export, a Table Habit or Beaver export, or a Daylio CSV; --format names one"
            )
        }
        self.format = format
        content = .file
    }

    /// Calls `body` with each chunk of the content, in order.
    func read(_ body: (Data) throws -> Void) throws {
        switch content {
        case .member(let archive, let entry):
            try Self.extract(entry, from: archive, named: url.lastPathComponent, body)
        case .archive:
            throw TallyError.unreadable("\(url.lastPathComponent) is an archive of several files")
        case .file:
            guard let handle = try? FileHandle(forReadingFrom: url) else {
                throw TallyError.unreadable("cannot read \(url.lastPathComponent)")
            }
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty { try body(chunk) }
        }
    }

    /// Calls `body` with a file that holds the content: the file itself, or a zip member's copy in the
    /// temporary folder, written a chunk at a time and removed afterwards.
    func onDisk<T>(_ body: (URL) async throws -> T) async throws -> T {
        if case .file = content { return try await body(url) }
        let manager = FileManager.default
        let copy = manager.temporaryDirectory.appendingPathComponent("tally-import-\(UUID().text)")
        defer { try? manager.removeItem(at: copy) }
        let unpacking = "\(url.lastPathComponent) cannot be unpacked into the temporary folder"
        guard manager.createFile(atPath: copy.path, contents: nil), let handle = try? FileHandle(forWritingTo: copy)
        else { throw TallyError.unreadable(unpacking) }
        do {
            defer { try? handle.close() }
            try read { chunk in
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    throw TallyError.unreadable("\(unpacking): \(error.localizedDescription)")
                }
            }
        }
        return try await body(copy)
    }

    /// The whole content, for the small formats (JSON and CSV exports of habits and diaries); at most
    /// `limit` bytes.
    func data(limit: Int = 256 << 20) throws -> Data {
        var data = Data()
        try read { chunk in
            data.append(chunk)
            guard data.count <= limit else {
                throw TallyError.unreadable(
                    "\(url.lastPathComponent) is over \(limit >> 20) MB, more than a \(format.title) export holds")
            }
        }
        return data
    }

    /// How many times its packed size a member may unpack to (and at least ``unpackFloor``): real exports
    /// pack to between a tenth and a thirtieth; a megabyte of zipped whitespace unpacks to a gigabyte.
    static let unpackRatio: UInt64 = 200
    static let unpackFloor: UInt64 = 256 << 20

    static func extract(_ entry: Entry, from archive: Archive, named name: String, _ body: (Data) throws -> Void) throws
    {
        let allowed = max(entry.compressedSize.multipliedReportingOverflow(by: unpackRatio).partialValue, unpackFloor)
        var unpacked: UInt64 = 0
        do {
            // ZIPFoundation works the CRC-32 out as it reads but leaves the comparison to its caller: a
            // stored member with a byte changed read on as if whole.
            let checksum = try archive.extract(entry, bufferSize: chunkSize) { chunk in
                unpacked += UInt64(chunk.count)
                guard unpacked <= allowed else {
                    throw TallyError.unreadable(
                        "\(entry.path) in \(name) unpacks to over \(unpackRatio) times its packed size, which no "
                            + "real export does; it was not read further")
                }
                try body(chunk)
            }
            guard checksum == entry.checksum else {
                throw TallyError.unreadable(
                    "\(entry.path) in \(name) is damaged (checksum): what it holds is not what was packed")
            }
        } catch let error as TallyError {
            throw error
        } catch {
            throw TallyError.unreadable("\(entry.path) in \(name) cannot be read: \(error)")
        }
    }

    /// Whether a file recognised as `seen` may rightly be read as `forced`: Table Habit's and Beaver's JSON
    /// are told apart by the keys they use, which either might one day share.
    private static func mayBeEither(_ forced: ImportFormat, _ seen: ImportFormat) -> Bool {
        Set([forced, seen]).isSubset(of: [.tableHabit, .beaver])
    }

    /// Loop's `Habits.csv`, at the top of the archive or in one folder.
    static func habitsCSV(in archive: Archive) -> Entry? {
        archive.first { entry in
            entry.type == .file && (entry.path as NSString).lastPathComponent == "Habits.csv"
                && entry.path.split(separator: "/").count <= 2
        }
    }

    private static func mayHold(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return !name.hasPrefix(".") && name != "export_cda.xml"
            && (name.hasSuffix(".xml") || name.hasSuffix(".json") || name.hasSuffix(".csv"))
    }

    /// The format of a zip member, from its first bytes.
    private static func recognise(_ entry: Entry, in archive: Archive) -> ImportFormat? {
        var prefix = Data()
        do {
            _ = try archive.extract(entry, bufferSize: sniffSize, skipCRC32: true) { chunk in
                prefix.append(chunk)
                if prefix.count >= sniffSize { throw EnoughRead() }
            }
        } catch {
            // Stopped on purpose after the first bytes, or unreadable: either way the prefix decides.
        }
        return ImportFormat.recognise(prefix)
    }

    private struct EnoughRead: Error {}
}
