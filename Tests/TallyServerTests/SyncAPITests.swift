import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallySQLite
import TallyServices
import Testing

@testable import TallyServer

/// `/api/v1/sync/...` over HTTP: a batch in, pages out, and clear 4xx for whatever is wrong with a batch.
@Suite struct SyncAPITests {
    /// A batch of `count` bathroom events made on another replica by the server's user.
    static func batch(count: Int, device: UUID = UUID()) async throws -> SyncBatch {
        let phone = try SQLiteStore.inMemory()
        let scope = UserScope(
            store: phone, clock: FixedClock(ServerFixture.now), machineZone: TimeZone(identifier: "UTC")!)
        for index in 0..<count { _ = try await scope.bathroom.log(note: "from the phone \(index)") }
        let records = try await phone.changes(owner: LocalUser.id, after: 0, limit: 100).records
        return SyncBatch(deviceID: device, through: Int64(count), records: records)
    }

    static func json(_ batch: SyncBatch) throws -> String {
        String(decoding: try BackupCoding.encoder().encode(batch), as: UTF8.self)
    }

    @Test func aPushedBatchIsAcknowledgedPulledBackAndAReplayChangesNothing() async throws {
        let fixture = try ServerFixture()
        let batch = try await Self.batch(count: 3)
        try await fixture.test { client in
            let pushed = try await client.json(.post, "/api/v1/sync/push", try Self.json(batch))
            #expect(pushed.status == .ok)
            #expect(try pushed.decoded()["appliedThrough"] as? Int == 3)
            #expect(try pushed.decoded()["inserted"] as? Int == 3)
            let stored = try await fixture.snapshot()
            let replay = try await client.json(.post, "/api/v1/sync/push", try Self.json(batch))
            #expect(try replay.decoded()["unchanged"] as? Int == 3 && replay.decoded()["appliedThrough"] as? Int == 3)
            #expect(try await fixture.snapshot() == stored)

            let pulled = try await client.json(
                .post, "/api/v1/sync/pull", #"{"deviceId":"\#(UUID().uuidString)","after":0,"limit":2}"#)
            #expect(pulled.status == .ok)
            let page = try BackupCoding.decoder().decode(SyncPage.self, from: Data(pulled.text.utf8))
            #expect(page.records.count == 2 && page.hasMore && page.after == 0 && !page.resync)
            #expect(Set(page.records).isSubset(of: Set(batch.records)))

            let status = try await client.json(.get, "/api/v1/sync/status").decoded()
            #expect(status["userId"] as? String == LocalUser.id.uuidString)
            #expect((status["devices"] as? [Any])?.count == 2)
        }
    }

    /// `sync/pull`'s answer is written directly (`SyncJSONMiddleware`): it must read back as the page the
    /// service gives, every kind and awkward text included, and a refused request still gets its 4xx.
    @Test func aPulledPageIsThePageTheServiceGives() async throws {
        let fixture = try ServerFixture()
        let scope = fixture.scope
        _ = try await scope.water.log(amountML: 250.5, drinkKind: "tea \"strong\" \\ ☕", source: .api)
        _ = try await scope.water.log(amountML: 33.33, source: .cli)
        _ = try await scope.bathroom.log(note: "line\nbreak, tab\t", volumeML: 300, urgency: 2, leak: true)
        _ = try await scope.bathroom.log()
        _ = try await scope.journal.save(on: ServerFixture.today, .init(notes: "Snow, \"at last\"", moodRating: 5))
        _ = try await scope.skills.add(.init(name: "Run"))
        let deleted = try await scope.water.log(amountML: 100, source: .web)
        try await scope.water.delete(id: deleted.id)
        let stored = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 1_000)
        try await fixture.test { client in
            let pulled = try await client.json(
                .post, "/api/v1/sync/pull", #"{"deviceId":"\#(UUID().uuidString)","after":0,"limit":1000}"#)
            #expect(pulled.status == .ok)
            #expect(pulled.headers[.contentLength] == String(pulled.text.utf8.count))
            let page = try BackupCoding.decoder().decode(SyncPage.self, from: Data(pulled.text.utf8))
            #expect(page.records == TallyBackup(records: stored.records).allRecords)
            #expect(page.records.count >= 7 && page.through == stored.through && !page.hasMore && !page.resync)
            #expect(Set(page.records.map(\.kind.id)).count >= 4)

            let refused = try await client.json(.post, "/api/v1/sync/pull", #"{"deviceId":"phone","after":0}"#)
            #expect(refused.status == .badRequest)
        }
    }

    /// A batch as a device writes it (`SyncJSON`), every kind and awkward text included, is stored as sent.
    @Test func aBatchWrittenDirectlyIsStoredAsSent() async throws {
        let phone = try SQLiteStore.inMemory()
        let scope = UserScope(
            store: phone, clock: FixedClock(ServerFixture.now), machineZone: TimeZone(identifier: "UTC")!)
        _ = try await scope.water.log(amountML: 250.5, drinkKind: "tea \"strong\" \\ ☕ [a] {b}", source: .api)
        _ = try await scope.bathroom.log(note: "line\nbreak, tab\t", volumeML: 300, urgency: 2, leak: true)
        _ = try await scope.journal.save(on: ServerFixture.today, .init(notes: "Snow, \"at last\"", moodRating: 5))
        _ = try await scope.skills.add(.init(name: "Run {fast}", frequency: "mon,wed"))
        let deleted = try await scope.water.log(amountML: 100, source: .web)
        try await scope.water.delete(id: deleted.id)
        let records = try await phone.changes(owner: LocalUser.id, after: 0, limit: 100).records
        let batch = SyncBatch(deviceID: UUID(), through: 9, records: records)
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let pushed = try await client.json(
                .post, "/api/v1/sync/push", String(decoding: try SyncJSON.data(batch), as: UTF8.self))
            #expect(pushed.status == .ok)
            #expect(try pushed.decoded()["inserted"] as? Int == records.count)
        }
        let stored = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 1_000).records
        #expect(Set(stored) == Set(records))
        #expect(Set(records.map(\.kind.id)).count >= 4)
    }

    /// The middleware takes the records out of a batch it reads and leaves the rest for the generated
    /// handler; a body it does not read reaches the handler as sent.
    @Test func theRecordsOfAPlainBatchAreTakenOutOfItsBody() async throws {
        let batch = try await Self.batch(count: 2)
        func request(_ body: String) -> Request {
            Request(
                head: HTTPRequest(method: .post, scheme: "http", authority: "tally", path: "/api/v1/sync/push"),
                body: RequestBody(buffer: ByteBuffer(string: body)))
        }
        var plain = request(String(decoding: try SyncJSON.data(batch), as: UTF8.self))
        // In the backup's order, as the batch is written.
        #expect(
            try await SyncJSONMiddleware.takeRecords(from: &plain) == TallyBackup(records: batch.records).allRecords)
        let rest = try await plain.collectBody(upTo: 1_000)
        #expect(
            String(buffer: rest)
                == #"{"changes":{},"deviceId":"\#(batch.deviceID.uuidString)","through":\#(batch.through)}"#)
        #expect(plain.headers[.contentLength] == String(rest.readableBytes))
        let odd = try Self.json(batch).replacingOccurrences(of: "\"through\"", with: "\"note\":{},\"through\"")
        var other = request(odd)
        #expect(try await SyncJSONMiddleware.takeRecords(from: &other) == nil)
        #expect(String(buffer: try await other.collectBody(upTo: 100_000)) == odd)
    }

    @Test func malformedBatchesAreRefusedWithA400AndChangeNothing() async throws {
        let fixture = try ServerFixture()
        let good = try Self.json(try await Self.batch(count: 1))
        let device = UUID().uuidString
        try await fixture.test { client in
            let before = try await fixture.snapshot()
            let bodies = [
                "not json",
                #"{"deviceId":"\#(device)","through":1}"#,
                #"{"deviceId":"phone","through":1,"changes":{"format":"tally-backup","version":1}}"#,
                #"{"deviceId":"\#(device)","through":1,"changes":{"format":"tally-backup","version":1,"bathroomEvents":[{"id":1}]}}"#,
                good.replacingOccurrences(of: "\"urgency\"", with: "\"urgencyX\"").replacingOccurrences(
                    of: "from the phone", with: String(repeating: "x", count: 20_000)),
                #"{"deviceId":"\#(device)","through":-1,"changes":{"format":"tally-backup","version":1}}"#,
            ]
            for body in bodies {
                let response = try await client.json(.post, "/api/v1/sync/push", body)
                #expect(response.status == .badRequest, "\(body.prefix(80))")
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(try !(response.decoded()["detail"] as? String ?? "").isEmpty)
            }
            #expect(try await fixture.snapshot() == before)
        }
    }

    @Test func aFarFutureStampAnotherUsersRecordOrDeviceAreRefused() async throws {
        let fixture = try ServerFixture()
        var future = try await Self.batch(count: 2)
        future.records[1].meta.stamp = HLCStamp(
            millis: ServerFixture.now.millisecondsSince1970 + 48 * 3_600_000, counter: 0)
        var foreign = try await Self.batch(count: 1)
        foreign.records[0].meta.ownerID = UUID()
        let (futureJSON, foreignJSON) = (try Self.json(future), try Self.json(foreign))
        let claimed = try await Self.batch(count: 1)
        try await fixture.store.claimDevice(claimed.deviceID, owner: UUID(), now: ServerFixture.now)
        try await fixture.test { client in
            let before = try await fixture.snapshot()
            let far = try await client.json(.post, "/api/v1/sync/push", futureJSON)
            #expect(far.status == .badRequest)
            #expect(try (far.decoded()["detail"] as? String)?.contains("24 hours") == true)
            let other = try await client.json(.post, "/api/v1/sync/push", foreignJSON)
            #expect(other.status == .badRequest)
            #expect(try (other.decoded()["detail"] as? String)?.contains("another user") == true)
            #expect(try await fixture.snapshot() == before)
            // A device id another person uses is a new device of this one: it answers as any unknown id.
            let device = try await client.json(.post, "/api/v1/sync/push", try Self.json(claimed))
            #expect(device.status == .ok, "\(device.text)")
        }
    }

    /// A push under ids another person uses answers exactly as one under new ids, stores the records as the
    /// pusher's own, and leaves the other person's alone: nothing tells a foreign id from an unknown one.
    @Test func anIdSomeoneElseUsesAnswersAsAnUnknownOne() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let other = try await fixture.signIn(name: "other", password: "the other person's secret")
        let third = try await fixture.signIn(name: "third", password: "the third person's secret")
        let batch = try await Self.batch(count: 2)
        func theirs(_ user: UserAccount, newIDs: Bool) throws -> String {
            var copy = batch
            copy.deviceID = UUID()
            copy.records = copy.records.map { record in
                var record = record
                record.meta.ownerID = user.id
                if newIDs { record.meta.id = UUID() }
                return record
            }
            return try Self.json(copy)
        }
        let (sameIDs, newIDs) = (try theirs(other.user, newIDs: false), try theirs(third.user, newIDs: true))
        try await fixture.testSignedOut { client in
            let (asOwner, asOther, asThird) = (
                SignedInClient(client: client, credentials: owner), SignedInClient(client: client, credentials: other),
                SignedInClient(client: client, credentials: third)
            )
            #expect(try await asOwner.json(.post, "/api/v1/sync/push", try Self.json(batch)).status == .ok)
            let before = try await fixture.snapshot()
            let foreign = try await asOther.json(.post, "/api/v1/sync/push", sameIDs)
            let unknown = try await asThird.json(.post, "/api/v1/sync/push", newIDs)
            #expect(foreign.status == .ok && unknown.status == .ok)
            #expect(foreign.text == unknown.text)
            #expect(try foreign.decoded()["inserted"] as? Int == 2)
            #expect(try await fixture.snapshot() == before)
            let read = try await asOther.json(.get, "/api/v1/bathroom/events/\(batch.records[0].meta.id.uuidString)")
            #expect(read.status == .ok)
            #expect(read.text.contains("from the phone 0"))
        }
    }

    @Test func digestsAndTheirRecordsRepairAnyDay() async throws {
        let fixture = try ServerFixture()
        let batch = try await Self.batch(count: 2)
        let device = UUID().uuidString
        try await fixture.test { client in
            _ = try await client.json(.post, "/api/v1/sync/push", try Self.json(batch))
            let digests = try await client.json(.post, "/api/v1/sync/digests", #"{"deviceId":"\#(device)"}"#)
            let list = try #require(try digests.decoded()["digests"] as? [[String: Any]])
            #expect(list.count == 1 && list[0]["count"] as? Int == 2 && list[0]["kind"] as? String == "bathroom event")
            let day = try #require(list[0]["day"] as? String)
            let records = try await client.json(
                .post, "/api/v1/sync/records",
                #"{"deviceId":"\#(device)","buckets":[{"kind":"bathroom event","day":"\#(day)"}]}"#)
            #expect(try (records.decoded()["changes"] as? [String: Any])?["bathroomEvents"] as? [Any] != nil)
            struct Answer: Decodable { let changes: TallyBackup }
            let answer = try BackupCoding.decoder().decode(Answer.self, from: Data(records.text.utf8))
            #expect(Set(answer.changes.allRecords) == Set(batch.records))
            let bad = try await client.json(
                .post, "/api/v1/sync/records",
                #"{"deviceId":"\#(device)","buckets":[{"kind":"dragon","day":"\#(day)"}]}"#)
            #expect(bad.status == .badRequest)
        }
    }
}
