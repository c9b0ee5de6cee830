import Foundation
import OpenAPIRuntime
import TallyCore

/// RFC 3339 instants: read with or without fractions and with any offset, written in UTC with milliseconds.
struct InstantTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String { InstantFormat.string(date) }

    func decode(_ text: String) throws -> Date {
        guard let date = TimeInput.parseInstant(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "'\(text)' is not an RFC 3339 date-time with an offset"))
        }
        return date
    }
}
