import Crypto
import Foundation
import TallyCore
import TallyStorage
import ZIPFoundation

/// The photos of a backup that carries them (see ``PhotoBackup``), read from its zip archive. Each is
/// checked before anything is stored: within a photo's size, its CRC-32, its bytes' SHA-256 against its
/// name and its content against its extension; one that fails refuses the whole import, naming it.
struct BackupPhotos {
    let archive: Archive
    /// The archive's file name, for messages.
    let fileName: String
    /// The photos' entries by stored name (`<sha256>.<ext>`), in name order.
    let entries: [(name: String, entry: Entry)]

    /// Reads the archive's manifest and lists its photos, refusing a later version of the format and a
    /// photo not named as Tally names them.
    init(archive: Archive, fileName: String) throws {
        self.archive = archive
        self.fileName = fileName
        guard let manifestEntry = archive[PhotoBackup.manifestPath] else {
            throw TallyError.unreadable("\(fileName) has no \(PhotoBackup.manifestPath)")
        }
        var text = Data()
        try ImportFile.extract(manifestEntry, from: archive, named: fileName) { chunk in
            text.append(chunk)
            guard text.count <= 64 << 10 else {
                throw TallyError.unreadable("\(PhotoBackup.manifestPath) in \(fileName) is too long to be a manifest")
            }
        }
        guard let manifest = try? JSONDecoder().decode(PhotoBackup.Manifest.self, from: text),
            manifest.format == PhotoBackup.format
        else {
            throw TallyError.unreadable(
                "\(PhotoBackup.manifestPath) in \(fileName) does not say it is a Tally backup with photos")
        }
        guard manifest.version <= PhotoBackup.version else {
            throw TallyError.unreadable(
                "\(fileName) is a backup with photos of version \(manifest.version), made by a later Tally "
                    + "(this one reads version \(PhotoBackup.version)): update Tally to import it")
        }
        var entries: [(name: String, entry: Entry)] = []
        for entry in archive where entry.path.hasPrefix(PhotoBackup.imageFolder) && entry.type == .file {
            let name = String(entry.path.dropFirst(PhotoBackup.imageFolder.count))
            guard ImageReference.isValidName(name) else {
                throw TallyError.unreadable(
                    "\(entry.path) in \(fileName) is not named as Tally names photos (the SHA-256 of its bytes "
                        + "and .jpg, .png or .webp): nothing was imported")
            }
            guard entry.uncompressedSize <= UInt64(ImageKind.maxBytes) else {
                throw TallyError.unreadable(
                    "\(entry.path) in \(fileName) is over \(ImageKind.maxBytes >> 20) MB, more than a photo may be: "
                        + "nothing was imported")
            }
            entries.append((name, entry))
        }
        self.entries = entries.sorted { $0.name < $1.name }
    }

    var names: [String] { entries.map(\.name) }

    /// Reads every photo and checks it, storing nothing.
    func verify() throws {
        for (name, entry) in entries { _ = try checked(name, entry) }
    }

    /// Stores the photos named `names` (read and checked again) as `owner`'s, one at a time.
    func store(_ names: Set<String>, into store: any ImageStore, owner: UUID) async throws {
        for (name, entry) in entries where names.contains(name) {
            let (data, kind) = try checked(name, entry)
            guard try await store.saveImage(data, kind: kind, owner: owner) == name else {
                throw TallyError.unreadable("\(entry.path) in \(fileName) is damaged (checksum)")
            }
        }
    }

    /// The photo's bytes and kind, or the reason it cannot be taken.
    private func checked(_ name: String, _ entry: Entry) throws -> (Data, ImageKind) {
        var data = Data()
        try ImportFile.extract(entry, from: archive, named: fileName) { chunk in
            data.append(chunk)
            guard data.count <= ImageKind.maxBytes else {
                throw TallyError.unreadable(
                    "\(entry.path) in \(fileName) is over \(ImageKind.maxBytes >> 20) MB, more than a photo may be: "
                        + "nothing was imported")
            }
        }
        guard Hex.string(SHA256.hash(data: data)) + "." == name.prefix(65) else {
            throw TallyError.unreadable(
                "\(entry.path) in \(fileName) is damaged (checksum): its bytes are not the photo its name says; "
                    + "nothing was imported")
        }
        guard let kind = try? ImageKind.detect(data), ImageKind(fileName: name) == kind else {
            throw TallyError.unreadable(
                "\(entry.path) in \(fileName) is not the \(ImageKind(fileName: name)?.rawValue.uppercased() ?? "") "
                    + "image its name says: nothing was imported")
        }
        return (data, kind)
    }
}
