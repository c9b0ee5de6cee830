import Foundation
import Recurrence
import TallyCore

/// The parsers of user input that coverage-guided fuzzing drives (`scripts/fuzz`), and that the corpus
/// test replays: each takes any bytes and must answer with a value or a refusal, never a trap, a hang
/// or a runaway allocation.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// iCalendar recurrence text (`DTSTART`, `RRULE`, `RDATE`, `EXDATE`), then its first occurrences.
    case recurrence
    /// Times and days as typed: `HH:MM`, local and ISO 8601 date-times, RFC 3339, days, quiet hours.
    case time
    /// Amounts of water in either unit, skill frequencies, display units and the other small texts.
    case text
    /// A backup file, read and every record checked as an import checks it.
    case backup
    /// A sync push batch, read and checked the same way, and a pulled page.
    case sync
    /// Apple Health's export.xml, fed to the streaming scanner in two chunks split at the input's middle.
    case health
    /// Other trackers' exports read without a library: Table Habit's and Beaver's JSON, Daylio's times and
    /// dates, Loop's checkmark values.
    case habits
    /// An uploaded photo (JPEG, PNG or WebP, by its bytes) with its metadata taken out, then taken out again:
    /// the second time must change nothing.
    case images

    /// A fixed moment, so a run is the same whatever the day.
    static let now = Date(timeIntervalSince1970: 1_795_500_000)
    static let owner = UUID(text: "00000000-0000-0000-0000-000000000001")!

    public func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        switch self {
        case .recurrence: Self.recurrence(text)
        case .time: Self.time(text)
        case .text: Self.smallTexts(text)
        case .backup:
            let backup = try? BackupCoding.decoder().decode(TallyBackup.self, from: data)
            _ = try? backup?.records(for: Self.owner, now: Self.now)
        case .sync:
            // As the server reads a push (directly when plainly written, else by the decoder), and as a
            // device reads a page.
            let records =
                SyncEnvelope.read(data)?.records
                ?? (try? BackupCoding.decoder().decode(SyncBatch.self, from: data))?.records
            _ = try? records.map { try TallyBackup(records: $0).records(for: Self.owner, now: Self.now) }
            _ = try? SyncPage.read(from: data)
        case .health: Self.health(data)
        case .habits: Self.habits(data, text)
        case .images:
            guard let kind = try? ImageKind.detect(data),
                let clean = try? ImageMetadata.stripped(Array(data), kind: kind)
            else { return }
            precondition((try? ImageMetadata.stripped(clean, kind: kind)) == clean, "stripping twice changed the bytes")
        }
    }

    private static func recurrence(_ text: String) {
        let zone = TimeZone(identifier: "America/New_York")!
        guard let set = try? RecurrenceSet(parsing: text, floatingTimeZone: zone) else { return }
        // Each read is held to a budget of operations, as the app's are, so an input's work is bounded by
        // counting rather than by libFuzzer's wall-clock timeout, which a busy machine can exceed.
        _ = set.costProblem(budget: recurrenceBudget)
        _ = try? set.barrenRuleReason(budget: recurrenceBudget)
        _ = try? set.firstOccurrences(5, budget: recurrenceBudget)
        _ = try? set.nextOccurrence(after: now, budget: recurrenceBudget)
        _ = try? set.previousOccurrence(before: now, budget: recurrenceBudget)
        _ = try? set.occurrences(from: now, to: now.addingTimeInterval(30 * 86_400), budget: recurrenceBudget)
    }

    /// A fifth of the app's per-read budget: the checks and reads of one input then do at most a few million
    /// operations (about eight budgets a rule), a second or so even in the fuzzer's instrumented debug build.
    static let recurrenceBudget = RecurrenceBudget(operations: 200_000)

    private static func health(_ data: Data) {
        var reader = AppleHealthWaterReader()
        let middle = data.startIndex + data.count / 2
        guard (try? reader.feed(data[..<middle])) != nil, (try? reader.feed(data[middle...])) != nil else { return }
        _ = try? reader.finish()
    }

    private static func habits(_ data: Data, _ text: String) {
        _ = try? TableHabitReader.habits(from: data)
        _ = try? BeaverReader.habits(from: data)
        for line in text.split(separator: "\n").prefix(64) {
            let line = String(line)
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let columns = Dictionary(
                zip(["full_date", "year", "date", "time", "mood", "activities", "note"], fields),
                uniquingKeysWith: { first, _ in first })
            _ = (try? DaylioEntry(row: 2, columns: columns))?.text
            _ = LoopHabitValues.value(line)
            _ = try? DaylioMoods.mapping(line)
        }
    }

    private static func time(_ text: String) {
        let zones = ["UTC", "America/New_York", "Australia/Lord_Howe"].compactMap(TimeZone.init(identifier:))
        for zone in zones {
            _ = try? TimeInput.parse(text, now: now, zone: zone)
            _ = TimeInput.parseISO(text, zone: zone)
        }
        _ = TimeInput.parseInstant(text)
        _ = try? LocalDay.parse(text, field: "day")
        _ = try? TimeOfDay.parse(text, field: "time")
        _ = try? QuietHours.parse(text)
        _ = try? WaterMonth.parseMonth(text)
    }

    private static func smallTexts(_ text: String) {
        for unit in VolumeUnit.allCases {
            if let amount = try? WaterAmounts.parse(text, unit: unit) {
                _ = unit.format(amount)
                _ = unit.spoken(amount)
            }
        }
        _ = try? SkillFrequency.parse(text)
        _ = try? DisplayUnit.parseList(text)
        _ = try? UserName.parse(text)
        _ = try? MomentCategory.parse(text)
        _ = Base64URL.decode(text)
    }
}
