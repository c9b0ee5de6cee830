import Foundation

/// Decoding another tracker's JSON export, with errors that name the element that is wrong.
enum ImportJSON {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, format: String) throws(TallyError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .unreadable("not a readable \(format) export: \(describe(error))")
        } catch {
            throw .unreadable("not a readable \(format) export: \(error.localizedDescription)")
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
