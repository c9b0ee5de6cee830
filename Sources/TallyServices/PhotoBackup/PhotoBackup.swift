import Foundation

/// A backup that carries its photos: a zip archive (version 1) holding
/// - `tally-archive.json`, what the archive is: `{"format": "tally-photo-backup", "version": 1}`;
/// - `backup.json`, the backup exactly as `tally export` writes it (the JSON-only form, unchanged);
/// - `images/<sha256>.<ext>`, each photo the person uploaded, named as Tally names images: by the SHA-256
///   of its bytes, so an import checks every photo against its name.
///
/// A later version may add members; one this version does not know is left alone.
enum PhotoBackup {
    static let manifestPath = "tally-archive.json"
    static let backupPath = "backup.json"
    static let imageFolder = "images/"
    static let format = "tally-photo-backup"
    static let version = 1

    /// What `tally-archive.json` says.
    struct Manifest: Codable {
        var format: String
        var version: Int
    }
}
