import TallyCore

/// What an import did, or (in a dry run) would do. `--json` prints it as is: keep its keys stable.
public struct ImportReport: Codable, Equatable, Sendable {
    public var format: ImportFormat
    public var dryRun: Bool
    /// Records new to Tally (and, for a backup with photos, the photos new here).
    public var added: Int
    /// Stored records a newer copy replaced (or, for a diary, a day's entry the imported text was added to).
    public var updated: Int
    /// Items matching an entry stored before (by the format's rule), left out.
    public var duplicates: Int
    /// Items stored already by an earlier import of the same data, left alone.
    public var unchanged: Int
    /// The records added, by what they are: "skills", "completions", "notes" for habits; for a Tally backup,
    /// each kind by its backup key ("waterEntries", "bathroomEvents", …, deletions not counted) and "photos".
    public var addedByKind: [String: Int]?
    /// A Tally backup's deletions new here: records deleted where the backup was made, carried so that they
    /// stay deleted, and not in ``added`` (nobody sees them).
    public var deletions: Int?

    public init(
        format: ImportFormat, dryRun: Bool, added: Int, updated: Int, duplicates: Int, unchanged: Int,
        addedByKind: [String: Int]? = nil, deletions: Int? = nil
    ) {
        self.deletions = deletions
        self.format = format
        self.dryRun = dryRun
        self.added = added
        self.updated = updated
        self.duplicates = duplicates
        self.unchanged = unchanged
        self.addedByKind = addedByKind
    }

    /// One line for people.
    public var summary: String {
        let verb = dryRun ? "would add" : "added"
        var added = "\(format.title): \(verb) \(self.added)"
        let kinds = addedKinds
        if !kinds.isEmpty, self.added > 0 {
            added += " (\(kinds.map { "\($0.count) \($0.count == 1 ? $0.one : $0.many)" }.joined(separator: ", ")))"
        }
        var parts = [added]
        if updated > 0 { parts.append("\(dryRun ? "would update" : "updated") \(updated)") }
        if let deletions, deletions > 0 {
            parts.append("\(deletions) \(deletions == 1 ? "deletion" : "deletions") carried (nothing shown)")
        }
        if format != .tally { parts.append("\(duplicates) skipped as duplicates") }
        parts.append("\(unchanged) already here")
        return parts.joined(separator: ", ") + (dryRun ? " (dry run: nothing stored)" : "")
    }

    /// What was added, kind by kind, in words (one "water entry", many "water entries"): the kinds of record
    /// in the order Tally lists them (two kinds a person reads as one, such as settings, counted together),
    /// then the rest ("completions", "notes", "photos") by name. Kinds with nothing added are left out.
    public var addedKinds: [(one: String, many: String, count: Int)] {
        guard let addedByKind else { return [] }
        var kinds: [(one: String, many: String, count: Int)] = []
        var known = Set<String>()
        func add(one: String, many: String, count: Int) {
            guard count > 0 else { return }
            if let index = kinds.firstIndex(where: { $0.one == one }) {
                kinds[index].count += count
            } else {
                kinds.append((one, many, count))
            }
        }
        for type in RecordKinds.all {
            let kind = type.kind
            known.insert(kind.backupKey)
            add(one: kind.name, many: Self.plural(kind.name), count: addedByKind[kind.backupKey] ?? 0)
        }
        for key in addedByKind.keys.sorted() where !known.contains(key) {
            add(one: key.hasSuffix("s") ? String(key.dropLast()) : key, many: key, count: addedByKind[key] ?? 0)
        }
        return kinds
    }

    /// "water entries", "skill categories", "bathroom events".
    static func plural(_ name: String) -> String {
        guard name.hasSuffix("y"), let before = name.dropLast().last, !"aeiou".contains(before) else {
            return name + "s"
        }
        return name.dropLast() + "ies"
    }
}
