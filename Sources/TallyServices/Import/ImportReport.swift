/// What an import did, or (in a dry run) would do. `--json` prints it as is: keep its keys stable.
public struct ImportReport: Codable, Equatable, Sendable {
    public var format: ImportFormat
    public var dryRun: Bool
    /// Records new to Tally.
    public var added: Int
    /// Stored records a newer copy replaced.
    public var updated: Int
    /// Items matching an entry stored before (by the format's rule), left out.
    public var duplicates: Int
    /// Items stored already by an earlier import of the same data, left alone.
    public var unchanged: Int

    /// One line for people.
    public var summary: String {
        let verb = dryRun ? "would add" : "added"
        var parts = ["\(format.title): \(verb) \(added)"]
        if updated > 0 { parts.append("\(dryRun ? "would update" : "updated") \(updated)") }
        if format != .tally { parts.append("\(duplicates) skipped as duplicates") }
        parts.append("\(unchanged) already here")
        return parts.joined(separator: ", ") + (dryRun ? " (dry run: nothing stored)" : "")
    }
}
