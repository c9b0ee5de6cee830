/// What an import did, or (in a dry run) would do. `--json` prints it as is: keep its keys stable.
public struct ImportReport: Codable, Equatable, Sendable {
    public var format: ImportFormat
    public var dryRun: Bool
    /// Records new to Tally.
    public var added: Int
    /// Stored records a newer copy replaced (or, for a diary, a day's entry the imported text was added to).
    public var updated: Int
    /// Items matching an entry stored before (by the format's rule), left out.
    public var duplicates: Int
    /// Items stored already by an earlier import of the same data, left alone.
    public var unchanged: Int
    /// The records added, by what they are ("skills", "completions", "notes"), for formats of several kinds.
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
        if let kinds = addedByKind, self.added > 0 {
            let parts = ["skills", "completions", "notes"].compactMap { kind in
                kinds[kind].flatMap { $0 > 0 ? "\($0) \($0 == 1 ? String(kind.dropLast()) : kind)" : nil }
            }
            added += " (\(parts.joined(separator: ", ")))"
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
}
