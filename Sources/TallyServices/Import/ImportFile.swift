import Foundation
import TallyCore
import ZIPFoundation

/// A file to import, read as a stream of chunks: the file itself, or the member of a zip archive whose
/// content is a format Tally reads (Health's export sits in `apple_health_export/` under a localised name,
/// beside `export_cda.xml`, which is skipped).
struct ImportFile {
    let format: ImportFormat
    private let url: URL
    private let member: (archive: Archive, entry: Entry)?

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
            for entry in archive where entry.type == .file && Self.mayHold(entry.path) {
                guard let format = Self.recognise(entry, in: archive), forced == nil || format == forced else {
                    continue
                }
                self.format = format
                member = (archive, entry)
                return
            }
            throw TallyError.unreadable(
                "\(name) holds no file Tally imports (an Apple Health export.xml, or a Tally backup)")
        }
        guard let format = forced ?? ImportFormat.recognise(prefix) else {
            throw TallyError.unreadable(
                "\(name) is not a file Tally imports: expected a Tally backup or an Apple Health export "
                    + "(export.zip or export.xml); --format names one")
        }
        self.format = format
        member = nil
    }

    /// Calls `body` with each chunk of the content, in order.
    func read(_ body: (Data) throws -> Void) throws {
        if let (archive, entry) = member {
            do {
                _ = try archive.extract(entry, bufferSize: Self.chunkSize, consumer: body)
            } catch let error as TallyError {
                throw error
            } catch {
                throw TallyError.unreadable("\(entry.path) in \(url.lastPathComponent) cannot be read: \(error)")
            }
            return
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw TallyError.unreadable("cannot read \(url.lastPathComponent)")
        }
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty { try body(chunk) }
    }

    private static func mayHold(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return !name.hasPrefix(".") && name != "export_cda.xml" && (name.hasSuffix(".xml") || name.hasSuffix(".json"))
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
