import Foundation
import TallyCore
import TallySQLite
import TallyServices
import Testing

@testable import TallyNotify

/// The tokens of notifications' buttons: only this server's, unaltered and unexpired, are taken; each
/// button does only what its notification offers; a snooze comes back in 15 minutes.
@Suite struct ActionTokenTests {
    static let now = Date(timeIntervalSince1970: 1_795_500_000)
    let key = Data((0..<32).map { UInt8($0) })
    let owner = UUID()
    let nudge = PlannedNotification(
        due: ActionTokenTests.now, kind: .water, title: "Time for some water", body: "Half way there.",
        action: .addWater(millilitres: 250))

    @Test func aSignedTokenReadsBackWhatItCarries() throws {
        let text = NotificationActionToken(owner: owner, notification: nudge).signed(with: key)
        let token = try NotificationActionToken.verify(text, key: key, now: Self.now.addingTimeInterval(3600))
        #expect(token.owner == owner)
        #expect(token.notification == nudge)
        #expect(token.expires == Self.now.addingTimeInterval(NotificationActionToken.lifetime))
    }

    @Test func anAlteredForeignOrExpiredTokenIsRefused() throws {
        let text = NotificationActionToken(owner: owner, notification: nudge).signed(with: key)
        let parts = text.split(separator: ".").map(String.init)
        let otherOwner = NotificationActionToken(owner: UUID(), notification: nudge).signed(with: key)
        let spliced = otherOwner.split(separator: ".")[0] + "." + parts[1]
        let otherKey = Data(repeating: 7, count: 32)
        for bad in [spliced, "", "abc", parts[0], text + "x", "." + parts[1]] {
            #expect(throws: TallyError.self) { try NotificationActionToken.verify(bad, key: key, now: Self.now) }
        }
        #expect(throws: TallyError.self) { try NotificationActionToken.verify(text, key: otherKey, now: Self.now) }
        #expect(throws: TallyError.forbidden("this notification is too old to act on; open Tally instead")) {
            try NotificationActionToken.verify(
                text, key: key, now: Self.now.addingTimeInterval(NotificationActionToken.lifetime + 1))
        }
    }

    @Test func aButtonDoesOnlyWhatItsNotificationOffersAndASnoozeComesBack() async throws {
        let store = try SQLiteStore.inMemory()
        let clock = FixedClock(Self.now)
        let scope = UserScope(store: store, clock: clock, machineZone: TimeZone(identifier: "Europe/Paris")!)
        let service = NotificationService(scope: scope, store: store)
        let reminder = PlannedNotification(
            due: Self.now, kind: .reminder, sourceID: UUID(), title: "Call mum", body: "Before dinner")
        let token = NotificationActionToken(owner: scope.owner, notification: reminder)
        await #expect(throws: TallyError.self) {
            try await NotificationButton.water.press(for: token, notifications: service, source: .web)
        }
        #expect(try await scope.water.today().entries.isEmpty)
        let said = try await NotificationButton.snooze.press(for: token, notifications: service, source: .web)
        // 2026-11-24 06:00 UTC is 07:00 in Paris; 15 minutes on.
        #expect(said == "Snoozed until 07:15.")
        let upcoming = try await service.upcoming()
        let snoozed = try #require(upcoming.first { $0.kind == .snooze })
        #expect(snoozed.due == Self.now.addingTimeInterval(900))
        #expect(snoozed.title == "Call mum" && snoozed.body == "Before dinner" && snoozed.sourceID == reminder.sourceID)
        // Snoozing the same notification again at the same moment keeps one.
        _ = try await NotificationButton.snooze.press(for: token, notifications: service, source: .web)
        #expect(try await service.upcoming().filter { $0.kind == .snooze }.count == 1)
        #expect(NotificationButton.buttons(for: NotificationMessage(reminder, zone: .gmt, base: nil)).isEmpty)
    }
}
