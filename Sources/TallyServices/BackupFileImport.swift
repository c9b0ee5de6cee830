import Foundation
import TallyCore
import TallyStorage

/// A Tally backup merged from a file of any size, holding a chunk of records at a time.
///
/// The file is read twice. The first reading decodes and checks every record, keeping only the kinds that
/// other records may name (skills, categories, settings: short lists) and the header: a file that does not
/// read, or holds one bad record, stores nothing. The second merges the long kinds (water, the bathroom) in
/// batches of ``batchSize``, each its own commit, then the rest: merges are idempotent, so an import cut
/// off midway is completed, never doubled, by running it again.
struct BackupFileImport {
    static let chunkSize = 1_000
    static let batchSize = 10_000

    let scope: UserScope
    let url: URL
    /// Whether records of another owner become the scope's (an import into an account named on purpose);
    /// otherwise such a backup is refused, naming whose it is.
    var adoptsOwners = true
    /// A dry run: each batch is planned over what is stored, as the import would merge it, and nothing is
    /// written, so its figures are the import's.
    var dryRun = false
    /// Called once the whole file is checked, before any record is stored (not in a dry run): stores what
    /// the records show (a backup's photos), so that they show it from the start.
    var beforeStoring: (() async throws -> Void)?

    func run() async throws -> MergeResult {
        let now = scope.clock.now()
        let others = try await check(now: now)
        if !dryRun, let beforeStoring { try await beforeStoring() }
        var result = MergeResult()
        var batch: [AnyRecord] = []
        var chunks = try Chunks(url)
        defer { chunks.close() }
        while let chunk = try chunks.next() {
            guard chunk.kind.backupOrderFollowsSearchKey else { continue }
            for record in chunk.records {
                batch.append(try TallyBackup.checked(record, in: RecordBatch([]), for: scope.owner, now: now))
            }
            if batch.count >= Self.batchSize {
                result.add(try await merge(batch, now: now))
                batch.removeAll(keepingCapacity: true)
            }
        }
        for records in [batch, others] where !records.isEmpty {
            result.add(try await merge(records, now: now))
        }
        // The backup's settings may have been merged.
        scope.reading?.forget()
        return result
    }

    /// Reads the whole file, checking every record; returns those of the kinds that are not long, checked.
    private func check(now: Date) async throws -> [AnyRecord] {
        var others: [AnyRecord] = []
        var owners = Set<UUID>()
        var chunks = try Chunks(url)
        defer { chunks.close() }
        while let chunk = try chunks.next() {
            owners.formUnion(chunk.records.map(\.meta.ownerID))
            guard chunk.kind.backupOrderFollowsSearchKey else {
                others += chunk.records
                continue
            }
            for record in chunk.records {
                _ = try TallyBackup.checked(record, in: RecordBatch([]), for: scope.owner, now: now)
            }
        }
        if !adoptsOwners, let other = owners.subtracting([scope.owner]).sorted(by: { $0.text < $1.text }).first {
            throw try await otherOwner(other)
        }
        guard let format = chunks.format else {
            throw TallyError.unreadable("not a readable Tally backup: missing field 'format'")
        }
        guard let version = chunks.version else {
            throw TallyError.unreadable("not a readable Tally backup: missing field 'version'")
        }
        try TallyBackup.checkHeader(format: format, version: version)
        let batch = RecordBatch(others)
        return try others.map { record throws(TallyError) in
            try TallyBackup.checked(record, in: batch, for: scope.owner, now: now)
        }
    }

    private func merge(_ records: [AnyRecord], now: Date) async throws -> MergeResult {
        dryRun ? try await scope.store.previewMerge(records, now: now) : try await scope.store.merge(records, now: now)
    }

    /// The refusal of a backup holding `owner`'s records, by name when this store knows them.
    private func otherOwner(_ owner: UUID) async throws -> TallyError {
        let accounts = scope.store as? any AccountStore
        let name = try await accounts?.user(id: owner)?.name
        let mine = try await accounts?.user(id: scope.owner)?.name
        let whose = name.map { "\($0)'s records" } ?? "the records of another account (\(owner.text))"
        return TallyError.forbidden(
            "this backup holds \(whose), not \(mine.map { "\($0)'s" } ?? "this store's"): nothing was imported. "
                + "To import it into an account, name it: tally import FILE --user NAME")
    }

    /// A backup file read a chunk of one kind's records at a time, and what its top level says.
    private struct Chunks {
        private let handle: FileHandle
        private var reader: BackupElementReader
        /// The chunk being gathered: its kind, key and elements so far.
        private var kind: (any SyncedRecord.Type)?
        private var key = ""
        private var elements: [Data] = []
        private(set) var format: String?
        private(set) var version: Int?

        init(_ url: URL) throws {
            let handle = try FileHandle(forReadingFrom: url)
            self.handle = handle
            reader = BackupElementReader { try handle.read(upToCount: 1 << 20) ?? Data() }
        }

        func close() { try? handle.close() }

        /// The next chunk, or nil at the end of the file.
        mutating func next() throws -> (kind: any SyncedRecord.Type, records: [AnyRecord])? {
            while let item = try reader.next() {
                switch item {
                case .value(let key, let json):
                    if key == "format" { format = try? JSONDecoder().decode(String.self, from: json) }
                    if key == "version" { version = try? JSONDecoder().decode(Int.self, from: json) }
                case .element(let key, let json):
                    if key != self.key {
                        let done = try gathered()
                        // A kind this version does not know is left out, as the whole file's decoder leaves it.
                        kind = RecordKinds.all.first { $0.kind.backupKey == key }
                        self.key = key
                        if kind != nil { elements.append(json) }
                        if let done { return done }
                        continue
                    }
                    guard kind != nil else { continue }
                    elements.append(json)
                    if elements.count == chunkSize, let done = try gathered() { return done }
                }
            }
            return try gathered()
        }

        /// The chunk gathered so far, decoded, and a new one begun; nil when it holds nothing.
        private mutating func gathered() throws -> (kind: any SyncedRecord.Type, records: [AnyRecord])? {
            guard let kind, !elements.isEmpty else { return nil }
            defer { elements.removeAll(keepingCapacity: true) }
            return (kind, try decode(kind, elements, key: key))
        }
    }

    /// A chunk of one kind's elements decoded; an error names the field as the whole file's decoder would.
    private static func decode(
        _ kind: any SyncedRecord.Type, _ elements: [Data], key: String
    ) throws -> [AnyRecord] {
        func typed<Record: SyncedRecord>(_ type: Record.Type) throws -> [AnyRecord] {
            var joined = Data("[".utf8)
            for (index, element) in elements.enumerated() {
                if index > 0 { joined.append(UInt8(ascii: ",")) }
                joined.append(element)
            }
            joined.append(UInt8(ascii: "]"))
            return try BackupCoding.decoder().decode([Record].self, from: joined).map(AnyRecord.init)
        }
        do {
            return try typed(kind)
        } catch let error as DecodingError {
            throw TallyError.unreadable("not a readable Tally backup: \(key)\(error.summary)")
        }
    }
}

extension MergeResult {
    mutating func add(_ other: MergeResult) {
        inserted += other.inserted
        updated += other.updated
        unchanged += other.unchanged
        insertedDeletions += other.insertedDeletions
        insertedByKind.merge(other.insertedByKind, uniquingKeysWith: +)
    }
}
