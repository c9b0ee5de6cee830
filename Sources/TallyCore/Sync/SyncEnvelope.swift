import Foundation

/// A sync message (a pushed batch, a pulled page, the answer of `sync/records`) read from its JSON without
/// the JSON decoder's pass over the whole of it: an object whose `changes` member holds records grouped by
/// kind as in a backup, and whose other members are plain values. Each record is read by ``RecordCoding``,
/// directly when it is in the compact form ``SyncJSON`` writes, by the decoder otherwise.
///
/// Only plainly written messages are read here. An escaped or repeated key, a `null`, an object where a
/// plain value belongs, a kind this version does not know, another backup version, or a record that does
/// not read gives nil, and the caller reads the message with the decoder, which says what is wrong. So a
/// message read here is the one the decoder would read, only sooner.
public struct SyncEnvelope: Sendable {
    /// Each member but `changes`, as its JSON text: a string without escapes, a number, `true`, `false`,
    /// or an array of such strings.
    public var fields: [String: String]
    /// The records of `changes`, kind by kind in the order of ``RecordKinds/all`` (as
    /// ``TallyBackup/allRecords`` has them), each kind in the message's order.
    public var records: [AnyRecord]

    /// The message in `bytes`, or nil to leave it to the decoder.
    public static func read(_ bytes: some Collection<UInt8>) -> SyncEnvelope? {
        var scanner = SyncJSONScanner(bytes: [UInt8](bytes))
        var fields: [String: String] = [:]
        var records: [AnyRecord]?
        let read = scanner.object { scanner, key in
            if key == "changes" {
                guard records == nil, let changes = scanner.changes() else { return false }
                records = changes
                return true
            }
            guard fields[key] == nil, let text = scanner.plainValue() else { return false }
            fields[key] = text
            return true
        }
        guard read, scanner.atEnd, let records else { return nil }
        return SyncEnvelope(fields: fields, records: records)
    }

    /// The member `name`, a whole number that fits in 64 bits.
    public func integer(_ name: String) -> Int64? {
        // A number's text (the only kind of member Int64 reads) is an integer when it has no fraction or exponent.
        guard let text = fields[name], !text.contains(where: { ".eE".contains($0) }) else { return nil }
        return Int64(text)
    }

    /// The member `name`, `true` or `false`.
    public func bool(_ name: String) -> Bool? {
        switch fields[name] {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// The member `name`, a string.
    public func string(_ name: String) -> String? {
        guard let text = fields[name], text.hasPrefix("\"") else { return nil }
        return String(text.dropFirst().dropLast())
    }

    /// The member `name`, an array of strings.
    public func strings(_ name: String) -> [String]? {
        guard let text = fields[name] else { return nil }
        var scanner = SyncJSONScanner(bytes: Array(text.utf8))
        return scanner.plainStrings()
    }
}
