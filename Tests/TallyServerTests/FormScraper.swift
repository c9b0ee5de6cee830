import Foundation

/// What a browser would send for a page's form, pressed as it stands: each named input with its value
/// (text, number, date, time, hidden), checked checkboxes and radios (`on` when they carry no value), the
/// selected option of each select (else its first), and each textarea's text. Enough for Tally's own
/// server-rendered forms, which the tests open and save unchanged.
enum FormScraper {
    /// The fields of the form whose `action` is `action` on `html`; nil when the page has no such form.
    static func fields(of html: String, action: String) -> [String: String]? {
        guard let start = html.range(of: #"action="\#(action)""#),
            let open = html[..<start.lowerBound].range(of: "<form", options: .backwards),
            let close = html[start.upperBound...].range(of: "</form>")
        else { return nil }
        let form = String(html[open.lowerBound..<close.lowerBound])
        var fields: [String: String] = [:]
        for tag in tags("input", in: form) {
            guard let name = attribute("name", of: tag) else { continue }
            let type = attribute("type", of: tag)?.lowercased() ?? "text"
            switch type {
            case "checkbox", "radio":
                if hasAttribute("checked", tag) { fields[name] = attribute("value", of: tag) ?? "on" }
            case "submit", "button", "file", "image", "reset": continue
            default: fields[name] = attribute("value", of: tag) ?? ""
            }
        }
        for select in blocks("select", in: form) {
            guard let name = attribute("name", of: select.tag) else { continue }
            let options = tags("option", in: select.body)
            let chosen = options.first { hasAttribute("selected", $0) } ?? options.first
            fields[name] = chosen.flatMap { attribute("value", of: $0) } ?? ""
        }
        for area in blocks("textarea", in: form) {
            guard let name = attribute("name", of: area.tag) else { continue }
            var text = decoded(area.body)
            if text.hasPrefix("\n") { text.removeFirst() }
            fields[name] = text
        }
        return fields
    }

    private static func tags(_ name: String, in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "<\(name)\\b[^>]*>", options: [.caseInsensitive])
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            String(html[Range($0.range, in: html)!])
        }
    }

    private static func blocks(_ name: String, in html: String) -> [(tag: String, body: String)] {
        let pattern = try! NSRegularExpression(
            pattern: "(<\(name)\\b[^>]*>)(.*?)</\(name)>", options: [.caseInsensitive, .dotMatchesLineSeparators])
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
            (String(html[Range($0.range(at: 1), in: html)!]), String(html[Range($0.range(at: 2), in: html)!]))
        }
    }

    private static func attribute(_ name: String, of tag: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: "\\s\(name)=\"([^\"]*)\"", options: [.caseInsensitive])
        guard let match = pattern.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) else { return nil }
        return decoded(String(tag[Range(match.range(at: 1), in: tag)!]))
    }

    private static func hasAttribute(_ name: String, _ tag: String) -> Bool {
        tag.range(of: "\\s\(name)([\\s>=/]|$)", options: [.regularExpression, .caseInsensitive]) != nil
    }

    private static func decoded(_ text: String) -> String {
        var result = text
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&#x2F;", "/"),
            ("&#x3D;", "="), ("&#x60;", "`"), ("&amp;", "&"),
        ] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
