import Foundation

/// The JSON form of backups and of `--json` output: sorted keys, instants as UTC RFC 3339 with milliseconds.
public enum BackupCoding {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(InstantFormat.string(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = TimeInput.parseInstant(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an RFC 3339 date-time with an offset")
            }
            return date
        }
        return decoder
    }
}

/// Instants as text: `2026-11-22T09:21:14.123Z`.
public enum InstantFormat {
    public static func string(_ date: Date) -> String {
        let millis = date.millisecondsSince1970
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        var text = ASCIIText(capacity: 24)
        LocalDateTime(wallSeconds: seconds).write(to: &text)
        text.append(".")
        text.append(millis - seconds * 1000, width: 3)
        text.append("Z")
        return text.string
    }

    /// An instant with the offset of `zone` at that instant: `2026-03-08T03:30:00-04:00`.
    public static func string(_ date: Date, in zone: TimeZone) -> String {
        let local = zone.localDateTime(of: date)
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let hh = String(abs(offset) / 3600).leftPadded(to: 2)
        let mm = String(abs(offset) / 60 % 60).leftPadded(to: 2)
        let hms = [local.hour, local.minute, local.second].map { String($0).leftPadded(to: 2) }.joined(separator: ":")
        return "\(local.day)T\(hms)\(sign)\(hh):\(mm)"
    }
}
