import Foundation
import OpenAPIRuntime
import TallyCore

/// The sync API's values: records travel as a backup-shaped object (`changes`), read and written with
/// ``BackupCoding`` so a batch is checked by the same code as an import.
extension APIValue {
    static func records(_ changes: Components.Schemas.SyncChanges) throws -> [AnyRecord] {
        let data = try JSONEncoder().encode(changes)
        do {
            return try BackupCoding.decoder().decode(TallyBackup.self, from: data).allRecords
        } catch let error as DecodingError {
            throw TallyError.unreadable("changes: \(error.summary)")
        }
    }

    static func changes(_ records: [AnyRecord]) throws -> Components.Schemas.SyncChanges {
        let data = try BackupCoding.encoder().encode(TallyBackup(records: records))
        return try JSONDecoder().decode(Components.Schemas.SyncChanges.self, from: data)
    }

    static func deviceID(_ text: String) throws(TallyError) -> UUID {
        guard let id = UUID(text: text) else {
            throw .invalid(field: "deviceId", reason: "'\(text)' is not a UUID")
        }
        return id
    }

    static func bucket(_ bucket: Components.Schemas.SyncBucket) throws(TallyError) -> DigestBucket {
        DigestBucket(kind: bucket.kind, day: try LocalDay.parse(bucket.day, field: "day"))
    }
}
