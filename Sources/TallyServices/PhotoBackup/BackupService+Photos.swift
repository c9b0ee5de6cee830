import Foundation
import TallyCore

extension BackupService {
    /// Writes a backup that carries the person's photos (see ``PhotoBackup``) to `url`, replacing what is
    /// there, and returns how many photos it holds (``exportWithPhotos(to:)-(Data)``, into a file).
    @discardableResult
    public func exportWithPhotos(to url: URL) async throws -> Int {
        let manager = FileManager.default
        try? manager.removeItem(at: url)
        guard manager.createFile(atPath: url.path, contents: nil), let output = FileHandle(forWritingAtPath: url.path)
        else { throw TallyError.unreadable("cannot write \(url.path)") }
        do {
            let photos = try await exportWithPhotos { try output.write(contentsOf: $0) }
            try output.close()
            return photos
        } catch {
            try? output.close()
            throw error
        }
    }

    /// Writes a backup that carries the person's photos (see ``PhotoBackup``) to `write` as it is made, and
    /// returns how many photos it holds: the backup's JSON is deflated into the zip a piece at a time as it
    /// is read, and the photos follow one at a time, stored as they are (compressed already), so no more
    /// than a stretch of records or one photo is held at once, whatever the size.
    ///
    /// The photos are those its records show: a picture whose entry was deleted or given another picture
    /// is not carried into a file the person may hand on.
    @discardableResult
    public func exportWithPhotos(to write: (Data) async throws -> Void) async throws -> Int {
        let now = try await scope.now()
        var zip = ZipStream(modified: now.instant, zone: now.zone)
        let manifest = try JSONEncoder().encode(
            PhotoBackup.Manifest(format: PhotoBackup.format, version: PhotoBackup.version))
        try await write(try zip.stored(PhotoBackup.manifestPath, manifest))
        try await write(try zip.openEntry(PhotoBackup.backupPath))
        var pictures = Set<String>()
        try await export(
            to: { piece in
                let deflated = try zip.write(piece)
                if !deflated.isEmpty { try await write(deflated) }
            }, pictures: &pictures)
        try await write(try zip.write(Data("\n".utf8)))
        try await write(try zip.closeEntry())
        var photos = 0
        for name in pictures.sorted() {
            guard let data = try await scope.store.image(named: name, owner: scope.owner) else { continue }
            try await write(try zip.stored(PhotoBackup.imageFolder + name, data))
            photos += 1
        }
        try await write(try zip.finish())
        return photos
    }
}
