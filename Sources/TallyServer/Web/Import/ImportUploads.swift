import Foundation
import TallyCore
import TallyServices

/// Files uploaded on the Import page, kept on disk while the person reads the preview and decides:
/// `DIRECTORY/OWNER/UPLOAD/` holds `file/NAME` (the file under its own name) and `upload.json` (what
/// they chose with it).
/// An upload is found only under its owner's folder; it is removed once imported or cancelled, and any
/// left behind for a day is removed when the next upload arrives.
///
/// With several servers behind one address, every server must be given the same shared `--upload-directory`
/// (docs/storage.md), so the preview and the import may reach different servers; otherwise the person is
/// told the upload may have been sent to another server, and to send the file again.
struct ImportUploads: Sendable {
    let directory: URL
    let maxBytes: Int
    static let maxAge: TimeInterval = 24 * 3600

    /// What the person chose with the file.
    struct Upload: Codable {
        var id: UUID
        var fileName: String
        var size: Int
        var format: ImportFormat?
        var moods: [String: Int]
    }

    /// How many uploads one person may have waiting (being sent, or sent and not yet imported or cancelled).
    static let waitingPerPerson = 3

    /// The bytes `owner` may send now: ``maxBytes`` less what their waiting uploads hold. To make room, the
    /// oldest previews they left (sent, never imported or cancelled) are forgotten, as one left for a day
    /// is; only uploads still arriving are never removed, and when they alone fill the room, this says so.
    func room(for owner: UUID) throws(TallyError) -> Int {
        let manager = FileManager.default
        let mine = directory.appendingPathComponent(owner.text)
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        var waiting = ((try? manager.contentsOfDirectory(at: mine, includingPropertiesForKeys: keys)) ?? []).map {
            upload in
            (
                folder: upload, size: Self.size(of: upload),
                finished: manager.fileExists(atPath: upload.appendingPathComponent("upload.json").path),
                modified: (try? upload.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
            )
        }.sorted { $0.modified < $1.modified }
        func held() -> Int { waiting.reduce(0) { $0 + $1.size } }
        while waiting.count >= Self.waitingPerPerson || held() >= maxBytes,
            let oldest = waiting.firstIndex(where: \.finished)
        {
            try? manager.removeItem(at: waiting.remove(at: oldest).folder)
        }
        guard waiting.count < Self.waitingPerPerson, held() < maxBytes else {
            throw .invalid(
                field: "file",
                reason: "\(waiting.count) of your files are still being sent; wait for them before sending another")
        }
        return maxBytes - held()
    }

    private static func size(of folder: URL) -> Int {
        var total = 0
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let file = files?.nextObject() as? URL {
            total += (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }

    /// A new upload of `owner`'s: its id, and the empty folder its file goes in.
    func begin(for owner: UUID) throws -> (id: UUID, fileFolder: URL) {
        let id = UUID()
        let files = folder(id, owner: owner).appendingPathComponent("file")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        return (id, files)
    }

    func save(_ upload: Upload, owner: UUID) throws {
        try JSONEncoder().encode(upload).write(to: record(upload.id, owner: owner), options: .atomic)
    }

    /// The upload `id` of `owner`'s and its file; another person's upload, or one already imported, is
    /// not found.
    func find(_ id: String, owner: UUID) throws -> (upload: Upload, file: URL) {
        guard let uuid = UUID(text: id), let data = try? Data(contentsOf: record(uuid, owner: owner)),
            let upload = try? JSONDecoder().decode(Upload.self, from: data)
        else {
            throw TallyError.notFound(
                kind: "upload (it was imported or cancelled already: choose the file again)", id: id)
        }
        let file = folder(uuid, owner: owner).appendingPathComponent("file").appendingPathComponent(upload.fileName)
        return (upload, file)
    }

    func remove(_ id: UUID, owner: UUID) {
        try? FileManager.default.removeItem(at: folder(id, owner: owner))
    }

    /// Removes uploads nobody confirmed or cancelled within a day (by the files' own times: this is
    /// housekeeping of the machine's disk, on the machine's clock).
    func sweep() {
        let manager = FileManager.default
        let cutoff = Date.now.addingTimeInterval(-Self.maxAge)
        let owners = (try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for owner in owners {
            let uploads =
                (try? manager.contentsOfDirectory(at: owner, includingPropertiesForKeys: [.contentModificationDateKey]))
                ?? []
            for upload in uploads {
                let modified = try? upload.resourceValues(forKeys: [.contentModificationDateKey])
                    .contentModificationDate
                if let modified, modified < cutoff { try? manager.removeItem(at: upload) }
            }
        }
    }

    private func folder(_ id: UUID, owner: UUID) -> URL {
        directory.appendingPathComponent(owner.text).appendingPathComponent(id.text)
    }

    private func record(_ id: UUID, owner: UUID) -> URL {
        folder(id, owner: owner).appendingPathComponent("upload.json")
    }
}
