import Foundation

/// Puts `<input type="hidden" name="_csrf" value="...">` first inside every `<form method="post">`.
enum FormTokenField {
    static func insert(_ token: String, into html: String) -> String {
        let field = "<input type=\"hidden\" name=\"\(CSRFField.name)\" value=\"\(token)\">"
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let start = rest.range(of: "<form") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[start.lowerBound...end]
            result += rest[..<start.lowerBound]
            result += tag
            if tag.lowercased().contains("method=\"post\"") { result += field }
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return result
    }
}
