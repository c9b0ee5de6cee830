import Foundation
import TallyCore
import TallyStorage

/// Copies a whole store into another (SQLite into PostgreSQL, back, or between two of either): every account
/// with its password hash and role, tokens, invites, the server's keys and switches, and for each person their
/// records of every kind with their sync headers, pictures, channels with their secrets, snoozed
/// notifications, the secrets of their calendar feed and widgets, and their diary share links. Browser sessions, sync devices, the
/// delivery log and failed log-ins stay behind: people sign in again, devices repair through their digests.
///
/// Records go through ``RecordStore/merge(_:now:)``, as an import or a sync does: stamps, devices and
/// tombstones arrive as they were, and copying again changes nothing, so a copy that stopped half-way is
/// finished by running it again. Ends with ``StoreComparison``, per person and kind.
public struct StoreCopy: Sendable {
    let source: any TallyStore
    let target: any TallyStore
    let clock: any WallClock

    /// The target's switch naming the store it is a copy of (its replica id): running the same copy again
    /// is not refused as a target that holds data.
    static let copiedFromSetting = "copy.source"

    /// How many records go to the target in one merge.
    static let pageSize = 500

    public init(from source: any TallyStore, to target: any TallyStore, clock: any WallClock) {
        self.source = source
        self.target = target
        self.clock = clock
    }

    /// Copies everything, then compares. A target that holds people and is not an earlier copy of this
    /// source is refused unless `intoNonEmpty`; so is the source itself.
    public func run(intoNonEmpty: Bool = false) async throws -> StoreComparison {
        guard source.deviceID != target.deviceID else {
            throw TallyError.invalid(field: "--to", reason: "that is the store being copied")
        }
        guard try await !source.users().isEmpty else {
            // Records made before accounts belong to the first account; without one they would not be copied.
            throw TallyError.conflict(
                "the store has no accounts, so nobody's records would be copied; make the first with "
                    + "`tally users add NAME` (it takes the records made so far), then copy")
        }
        try await checkTarget(intoNonEmpty: intoNonEmpty)
        try await target.setServerSetting(Self.copiedFromSetting, value: source.deviceID.text)
        for (name, value) in try await source.serverSecrets() {
            try await target.setServerSecret(value, named: name)
        }
        for (key, value) in try await source.serverSettings() where key != Self.copiedFromSetting {
            try await target.setServerSetting(key, value: value)
        }
        let people = try await source.users()
        for person in people { try await copyAccount(person) }
        let invites = Set(try await target.invites().map(\.digest))
        for invite in try await source.invites() where !invites.contains(invite.digest) {
            try await target.createInvite(invite)
        }
        for person in people { try await copyData(of: person.id) }
        return try await StoreComparison.compare(source, target, people: people)
    }

    /// Refuses, before anything is written, a target that holds people unless asked, and accounts that
    /// cannot both be kept: the same name for two people, or one id for two (the first account of each
    /// server takes the same one).
    private func checkTarget(intoNonEmpty: Bool) async throws {
        let people = try await target.users()
        for person in try await source.users() {
            let byID = people.first { $0.id == person.id }, byName = people.first { $0.name == person.name }
            if let byID, byID.name != person.name {
                throw TallyError.conflict(
                    "the target's account '\(byID.name)' has the id of '\(person.name)' here (each is the first "
                        + "account of its server), so both cannot be kept; copy into an empty database")
            }
            if let byName, byName.id != person.id {
                throw TallyError.conflict(
                    "the target has another account called '\(person.name)'; rename or remove one of them first")
            }
        }
        guard !people.isEmpty, !intoNonEmpty else { return }
        let copiedFrom = try await target.serverSetting(Self.copiedFromSetting)
        guard copiedFrom != source.deviceID.text else { return }
        throw TallyError.conflict(
            "the target already holds \(people.count == 1 ? "1 person" : "\(people.count) people") "
                + "and is not a copy of this store; copy into an empty database, or add --into-nonempty "
                + "to merge into it")
    }

    /// The account, its password and role as they are, and its tokens.
    private func copyAccount(_ person: UserAccount) async throws {
        if let existing = try await target.user(id: person.id) {
            if existing.passwordHash != person.passwordHash {
                try await target.setPasswordHash(person.passwordHash, userID: person.id)
            }
        } else {
            try await target.createUser(person)
        }
        let tokens = Set(try await target.tokens(userID: person.id).map(\.id))
        for token in try await source.tokens(userID: person.id) where !tokens.contains(token.id) {
            try await target.createToken(token)
        }
    }

    /// The person's records, pictures, channels, snoozes, secret addresses and diary share links.
    private func copyData(of owner: UUID) async throws {
        try await copyRecords(of: owner)
        // Built here, under the person's day boundary, rather than by their first read on the new server.
        try await target.keepDayTotals(
            owner: owner, boundary: try await SettingsService.read(store: target, owner: owner).boundary)
        let images = Set(try await target.imageNames(owner: owner))
        for name in try await source.imageNames(owner: owner) where !images.contains(name) {
            guard let kind = ImageKind(fileName: name), let data = try await source.image(named: name, owner: owner)
            else { continue }
            _ = try await target.saveImage(data, kind: kind, owner: owner)
        }
        let channels = Set(try await target.channels(owner: owner).map(\.id))
        for channel in try await source.channels(owner: owner) where !channels.contains(channel.id) {
            try await target.addChannel(channel)
        }
        for snooze in try await source.snoozes(owner: owner, from: .distantPast) {
            try await target.addSnooze(snooze, owner: owner)
        }
        if let secret = try await source.calendarSecret(owner: owner) {
            try await target.setCalendarSecret(secret, owner: owner)
        }
        if let secret = try await source.widgetSecret(owner: owner) {
            try await target.setWidgetSecret(secret, owner: owner)
        }
        let shares = Set(try await target.diaryShares(owner: owner).map(\.id))
        for link in try await source.diaryShares(owner: owner) where !shares.contains(link.id) {
            try await target.createDiaryShare(link)
        }
    }

    /// Every record of `owner`, tombstones included, through the change feed, merged a page at a time.
    private func copyRecords(of owner: UUID) async throws {
        var after: Int64 = 0
        while true {
            let page = try await source.changes(owner: owner, after: after, limit: Self.pageSize)
            if !page.records.isEmpty { _ = try await target.merge(page.records, now: clock.now()) }
            after = page.through
            if !page.hasMore { return }
        }
    }
}
