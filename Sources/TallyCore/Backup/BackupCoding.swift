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
    public static func string(_ date: Date) -> String { text(date).string }

    static func text(_ date: Date) -> ASCIIText {
        var text = ASCIIText(capacity: 24)
        write(date, to: &text)
        return text
    }

    /// Appends `2026-11-21T08:10:00.000Z`.
    static func write(_ date: Date, to text: inout ASCIIText) {
        let millis = date.millisecondsSince1970
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        LocalDateTime(wallSeconds: seconds).write(to: &text)
        text.append(".")
        text.append(millis - seconds * 1000, width: 3)
        text.append("Z")
    }

    /// An instant with the offset of `zone` at that instant: `2026-03-08T03:30:00-04:00`.
    public static func string(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        var text = ASCIIText(capacity: 25)
        zone.localDateTime(of: date).write(to: &text)
        text.append(offset < 0 ? "-" : "+")
        text.append(abs(offset) / 3600, width: 2)
        text.append(":")
        text.append(abs(offset) / 60 % 60, width: 2)
        return text.string
    }
}
