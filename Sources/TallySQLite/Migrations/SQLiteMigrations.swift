import GRDB
import Logging

/// The schema's history, in order. Append only: a shipped migration is never edited or removed.
enum SQLiteMigrations {
    static let all: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        (Migration001CreateReplicaAndBathroom.identifier, Migration001CreateReplicaAndBathroom.migrate),
        (Migration002CreateSettings.identifier, Migration002CreateSettings.migrate),
        (Migration003CreateWater.identifier, Migration003CreateWater.migrate),
        (Migration004CreateDates.identifier, Migration004CreateDates.migrate),
        (Migration005CreateSkills.identifier, Migration005CreateSkills.migrate),
        (Migration006CreateAccounts.identifier, Migration006CreateAccounts.migrate),
        (Migration007CreateSync.identifier, Migration007CreateSync.migrate),
        (Migration008StoreIdsAsBytes.identifier, Migration008StoreIdsAsBytes.migrate),
        (Migration009CreateNotifications.identifier, Migration009CreateNotifications.migrate),
        (Migration010CreateSnoozes.identifier, Migration010CreateSnoozes.migrate),
        (Migration011KeyRecordsByOwner.identifier, Migration011KeyRecordsByOwner.migrate),
        (Migration012CreateWidgetLinks.identifier, Migration012CreateWidgetLinks.migrate),
        (Migration013CreateDayTotals.identifier, Migration013CreateDayTotals.migrate),
        (Migration014KeepDayTotalsByBatch.identifier, Migration014KeepDayTotalsByBatch.migrate),
        (Migration015CountAccountChanges.identifier, Migration015CountAccountChanges.migrate),
        (Migration016PauseChannels.identifier, Migration016PauseChannels.migrate),
        (Migration017KeyDevicesByOwner.identifier, Migration017KeyDevicesByOwner.migrate),
        (
            Migration018CreatePeriodGoalsAndNamedSettings.identifier,
            Migration018CreatePeriodGoalsAndNamedSettings.migrate
        ),
        (Migration019CreateDiaryShares.identifier, Migration019CreateDiaryShares.migrate),
        (Migration020CreateSkillRules.identifier, Migration020CreateSkillRules.migrate),
        (Migration021CreateSleepMarks.identifier, Migration021CreateSleepMarks.migrate),
        (Migration022CountSkillRuleChanges.identifier, Migration022CountSkillRuleChanges.migrate),
        (Migration023NoteWhenImagesWereKept.identifier, Migration023NoteWhenImagesWereKept.migrate),
    ]

    /// A migrator holding the migrations up to and including `last` (all of them by default).
    static func migrator(upTo last: String? = nil) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in all {
            migrator.registerMigration(migration.identifier, migrate: migration.migrate)
            if migration.identifier == last { break }
        }
        return migrator
    }

    /// Tells `logger` what a store's opening did to its schema: a new database's creation in one line (info:
    /// the CLI shows no line for a data directory's first use), and each migration of an existing one in a
    /// line of its own (notice), in order, once committed. The handler stamps each line with its time.
    static func log(applied: Set<String>, before: Set<String>, path: String, to logger: Logger) {
        guard !applied.isEmpty else { return }
        let inOrder = all.map(\.identifier).filter(applied.contains)
        if before.isEmpty {
            logger.info("created the SQLite database \(path) (schema \(inOrder.last ?? ""))")
            return
        }
        for identifier in inOrder {
            logger.notice("applied SQLite migration \(identifier) to \(path)")
        }
    }
}
