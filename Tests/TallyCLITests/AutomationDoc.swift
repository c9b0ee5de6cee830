import Foundation

/// `docs/automation.md` as the recipe tests read it: its ```http blocks (the requests a recipe sends) and its
/// ```yaml blocks (what Home Assistant reads of the answers), so the page cannot drift from what is tested.
struct AutomationDoc {
    /// One ```http block: a request line, headers, and a body after a blank line.
    struct Request {
        var method: String
        /// The path and query, placeholders kept (`/widget/WIDGET_SECRET/add?...`).
        var target: String
        var headers: [(name: String, value: String)]
        var body: String?

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/automation.md")

    let requests: [Request]
    let yaml: [String]

    init() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        var requests: [Request] = []
        var yaml: [String] = []
        for (language, block) in Self.blocks(text) {
            if language == "http" { requests.append(Self.request(block)) }
            if language == "yaml" { yaml.append(block) }
        }
        self.requests = requests
        self.yaml = yaml
    }

    /// The request whose line starts `method target` (the target up to its query, or the whole of it).
    func request(_ method: String, _ target: String) -> Request? {
        requests.first { $0.method == method && ($0.target == target || $0.target.hasPrefix(target + "?")) }
    }

    /// The YAML block holding `text`.
    func yaml(containing text: String) -> String? {
        yaml.first { $0.contains(text) }
    }

    /// Every match of `pattern` in `text`, as its capture groups.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    private static func blocks(_ text: String) -> [(String, String)] {
        var blocks: [(String, String)] = []
        var language: String?
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = language {
                    blocks.append((open, lines.joined(separator: "\n")))
                    language = nil
                } else {
                    language = String(line.dropFirst(3))
                    lines = []
                }
            } else if language != nil {
                lines.append(line)
            }
        }
        return blocks
    }

    private static func request(_ block: String) -> Request {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let words = lines[0].split(separator: " ")
        var headers: [(String, String)] = []
        var index = 1
        while index < lines.count, !lines[index].isEmpty {
            let parts = lines[index].split(separator: ":", maxSplits: 1)
            headers.append((String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)))
            index += 1
        }
        let body = lines.dropFirst(index + 1).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return Request(
            method: String(words[0]), target: String(words[1]), headers: headers, body: body.isEmpty ? nil : body)
    }
}
