import Foundation

/// Decoding another tracker's JSON export, with errors that name the element that is wrong.
enum ImportJSON {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, format: String) throws(TallyError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let broken = syntaxError(in: data)
            {
                throw .unreadable("not a readable \(format) export: \(broken)")
            }
            throw .unreadable("not a readable \(format) export: \(describe(error))")
        } catch {
            throw .unreadable("not a readable \(format) export: \(error.localizedDescription)")
        }
    }

    /// Where `data` stops being JSON, in words ("the JSON breaks at line 3, column 14"), or nil when it is
    /// JSON. The decoder says only "not valid JSON"; JSONSerialization names the byte.
    static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            if text.localizedCaseInsensitiveContains("end of file")
                || text.localizedCaseInsensitiveContains("end of data")
            {
                return "the JSON ends before it is complete (at \(TextPosition(offset: data.count, in: data))): "
                    + "is the file cut short?"
            }
            guard let range = text.range(of: "character "),
                let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
            else {
                return "the file is not valid JSON"
            }
            let byte = data.dropFirst(offset).first.map { Character(Unicode.Scalar($0)) }
            let found = byte.map { $0.isWhitespace || !$0.isASCII ? "" : " ('\($0)')" } ?? ""
            return "the JSON breaks at \(TextPosition(offset: offset, in: data))\(found)"
        }
    }

    /// "habits[2].records[0].record_date: a number is expected".
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the file" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): \(expected(type)) is expected"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): \(expected(type)) is expected, not null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a \(type)"
        }
    }
}

/// An id a tracker writes as text or as a number.
struct FlexibleKey: Decodable, Hashable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            text = String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}
