import Foundation
import TallyCore
import TallyServices
import TallyStorage

/// Two records of every kind for the owner, named as ``RouteCase`` placeholders: `{skill}` and
/// `{skill2}` and so on, plus an image, a share link, journal days and notification channels (webhooks to
/// a closed loopback port).
enum OwnerRecords {
    static let jpeg = Data(
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]
            + [0x00, 0x00, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])

    static func seed(_ scope: UserScope) async throws -> [String: String] {
        let zone = "America/New_York"
        let at = ServerFixture.now
        var ids: [String: String] = [:]
        for suffix in ["", "2"] {
            ids["bathroom" + suffix] = try await scope.bathroom.log(note: "mine").id.uuidString
            ids["water" + suffix] = try await scope.water.log(amountML: 250, source: .web).id.uuidString
            let skill = try await scope.skills.add(.init(name: "Guitar" + suffix))
            ids["skill" + suffix] = skill.id.uuidString
            try await scope.skillRules.set(SkillRuleDraft(journal: true), for: skill.id)
            ids["moment" + suffix] = try await scope.moments.add(title: "Mine", category: .personal).id.uuidString
            ids["tracker" + suffix] = try await scope.trackers.create(
                .init(title: "Trip", targetDate: at.addingTimeInterval(86_400 * 30), timeZoneID: zone, type: .till)
            ).id.uuidString
            ids["reminder" + suffix] = try await scope.reminders.create(
                .init(title: "Call", date: at.addingTimeInterval(86_400), timeZoneID: zone)
            ).id.uuidString
            ids["event" + suffix] = try await scope.events.create(
                .init(
                    title: "Yoga", startDate: TimeInput.parseInstant("2026-11-23T18:30:00-05:00")!, timeZoneID: zone,
                    recurrenceRule: "FREQ=WEEKLY")
            ).id.uuidString
        }
        let notifications = NotificationService(scope: scope, store: scope.store as! any NotificationStore)
        for suffix in ["", "2", "3"] {
            ids["channel" + suffix] = try await notifications.addChannel(
                ChannelDraft(kind: .webhook, url: "http://127.0.0.1:9/hook", name: "hook" + suffix)
            ).id.uuidString
        }
        for day in ["2026-11-20", "2026-11-18"] {
            _ = try await scope.journal.save(on: LocalDay(day)!, .init(notes: "Mine", moodRating: 4))
        }
        let image = try await scope.images.upload(jpeg)
        ids["image"] = ImageReference.name(in: image)
        ids["share"] = try await scope.water.setSharing(true)
        let device = UUID()
        try await (scope.store as! any SyncServerStore).claimDevice(device, owner: scope.owner, now: at)
        ids["device"] = device.uuidString
        return ids
    }
}

/// Request bodies as browsers send them.
enum FormEncoding {
    static let boundary = "tally-test-boundary"

    static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { key, value in
            "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value)"
        }.joined(separator: "&")
    }

    /// A multipart form; a field named like `file.json` is sent as a file of that name.
    static func multipart(_ fields: [String: String]) -> String {
        var text = ""
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            text += "--\(boundary)\r\n"
            if name.contains(".") {
                text += "Content-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n"
                text += "Content-Type: application/json\r\n\r\n"
            } else {
                text += "Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n"
            }
            text += value + "\r\n"
        }
        return text + "--\(boundary)--\r\n"
    }

    /// A multipart form of text `fields` and a JPEG in the field `photo`, as a page's form sends it.
    static func multipart(_ fields: [String: String], photo: Data) -> Data {
        var body = Data()
        func part(_ headers: String, _ content: Data) {
            body.append(Data("--\(boundary)\r\n\(headers)\r\n\r\n".utf8))
            body.append(content)
            body.append(Data("\r\n".utf8))
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            part("Content-Disposition: form-data; name=\"\(name)\"", Data(value.utf8))
        }
        part(
            "Content-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg", photo)
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }
}
