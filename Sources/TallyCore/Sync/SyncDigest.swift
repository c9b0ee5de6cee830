import Foundation

/// A fingerprint of the records of one kind created on one (UTC) day: how many there are and a hash of
/// each one's identity and version. Two replicas holding the same records have the same digests, so
/// comparing digests finds the days where they drifted apart without sending the records themselves.
public struct SyncDigest: Hashable, Codable, Sendable {
    public var bucket: DigestBucket
    public var count: Int
    /// The wrapping sum of each record's ``SyncDigest/recordHash(id:stamp:deviceID:isDeleted:)``,
    /// so the order records are read in does not matter.
    public var hash: UInt64

    public init(bucket: DigestBucket, count: Int, hash: UInt64) {
        self.bucket = bucket
        self.count = count
        self.hash = hash
    }

    /// FNV-1a over the version's text form: stable across processes and machines (Swift's `Hasher` is not).
    public static func recordHash(id: UUID, stamp: HLCStamp, deviceID: UUID, isDeleted: Bool) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(id.text)|\(stamp)|\(deviceID.text)|\(isDeleted ? 1 : 0)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The buckets whose digests differ between two replicas, a bucket only one side has included.
    public static func differingBuckets(_ mine: [SyncDigest], _ theirs: [SyncDigest]) -> [DigestBucket] {
        let left = Dictionary(mine.map { ($0.bucket, $0) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(theirs.map { ($0.bucket, $0) }, uniquingKeysWith: { first, _ in first })
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }
}

/// Records of one kind (``AnyRecord/kind``) created on one UTC day.
public struct DigestBucket: Hashable, Comparable, Codable, Sendable {
    public var kind: String
    public var day: LocalDay

    public init(kind: String, day: LocalDay) {
        self.kind = kind
        self.day = day
    }

    /// The bucket of a record of `kind` created at `createdMillis`.
    public init(kind: String, createdMillis: Int64) {
        let dayMillis: Int64 = 86_400_000
        let days = createdMillis >= 0 ? createdMillis / dayMillis : (createdMillis - dayMillis + 1) / dayMillis
        self.init(kind: kind, day: LocalDay(dayNumber: Int(days)))
    }

    /// The creation instants (milliseconds) the bucket covers: `start..<end`.
    public var millisRange: Range<Int64> {
        let start = Int64(day.dayNumber) * 86_400_000
        return start..<(start + 86_400_000)
    }

    public static func < (lhs: DigestBucket, rhs: DigestBucket) -> Bool { (lhs.kind, lhs.day) < (rhs.kind, rhs.day) }
}

/// Adds records up into digests, one per bucket.
public struct DigestAccumulator: Sendable {
    private var digests: [DigestBucket: SyncDigest] = [:]

    public init() {}

    public mutating func add(
        kind: String, createdMillis: Int64, id: UUID, stamp: HLCStamp, deviceID: UUID, isDeleted: Bool
    ) {
        let bucket = DigestBucket(kind: kind, createdMillis: createdMillis)
        var digest = digests[bucket] ?? SyncDigest(bucket: bucket, count: 0, hash: 0)
        digest.count += 1
        digest.hash &+= SyncDigest.recordHash(id: id, stamp: stamp, deviceID: deviceID, isDeleted: isDeleted)
        digests[bucket] = digest
    }

    /// The digests, by bucket.
    public var result: [SyncDigest] { digests.values.sorted { $0.bucket < $1.bucket } }
}
