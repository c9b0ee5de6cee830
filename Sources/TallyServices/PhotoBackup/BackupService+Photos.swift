import Foundation
import TallyCore
import ZIPFoundation

extension BackupService {
    /// Writes a backup that carries the person's photos (see ``PhotoBackup``) to `url`, replacing what is
    /// there, and returns how many photos it holds. The backup's JSON goes to a temporary file a piece at a
    /// time and is packed from there; the photos follow one at a time, so no more than one is held at once.
    @discardableResult
    public func exportWithPhotos(to url: URL) async throws -> Int {
        let manager = FileManager.default
        let json = manager.temporaryDirectory.appendingPathComponent("tally-backup-\(UUID().text).json")
        defer { try? manager.removeItem(at: json) }
        guard manager.createFile(atPath: json.path, contents: nil), let output = FileHandle(forWritingAtPath: json.path)
        else { throw TallyError.unreadable("cannot write the backup into the temporary folder") }
        do {
            try await export { try output.write(contentsOf: $0) }
            try output.write(contentsOf: Data("\n".utf8))
            try output.close()
        } catch {
            try? output.close()
            throw error
        }
        try? manager.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        let now = scope.clock.now()
        let manifest = try JSONEncoder().encode(
            PhotoBackup.Manifest(format: PhotoBackup.format, version: PhotoBackup.version))
        try Self.add(manifest, as: PhotoBackup.manifestPath, to: archive, at: now, compressed: false)
        let input = try FileHandle(forReadingFrom: json)
        defer { try? input.close() }
        let size = try input.seekToEnd()
        try archive.addEntry(
            with: PhotoBackup.backupPath, type: .file, uncompressedSize: Int64(size), modificationDate: now,
            compressionMethod: .deflate, bufferSize: 1 << 20
        ) { position, count in
            try input.seek(toOffset: UInt64(position))
            return try input.read(upToCount: count) ?? Data()
        }
        var photos = 0
        for name in try await scope.store.imageNames(owner: scope.owner) {
            guard let data = try await scope.store.image(named: name, owner: scope.owner) else { continue }
            // Photos are compressed already: stored as they are.
            try Self.add(data, as: PhotoBackup.imageFolder + name, to: archive, at: now, compressed: false)
            photos += 1
        }
        return photos
    }

    private static func add(_ data: Data, as path: String, to archive: Archive, at date: Date, compressed: Bool) throws
    {
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date,
            compressionMethod: compressed ? .deflate : .none
        ) { position, count in
            let start = data.startIndex + Int(position)
            return data.subdata(in: start..<min(start + count, data.endIndex))
        }
    }
}
