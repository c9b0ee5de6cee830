import MCP
import TallyCore

/// A tool call's arguments, read as the tool's schema describes them. A value of the wrong type, or an
/// argument the tool does not take, is refused with its name, as the API refuses a field; `null` is the
/// same as leaving the argument out.
struct ToolArguments {
    let values: [String: Value]

    init(_ values: [String: Value]?, tool: TallyTool) throws(TallyError) {
        self.values = (values ?? [:]).filter { !$0.value.isNull }
        let known = tool.arguments.map(\.name)
        if let unknown = self.values.keys.sorted().first(where: { !known.contains($0) }) {
            let choices = known.isEmpty ? "it takes none" : "use " + known.joined(separator: ", ")
            throw .invalid(field: unknown, reason: "is not an argument of \(tool.rawValue): \(choices)")
        }
    }

    func text(_ name: String) throws(TallyError) -> String? {
        guard let value = values[name] else { return nil }
        guard let text = value.stringValue else { throw .invalid(field: name, reason: "must be text") }
        return text
    }

    func requiredText(_ name: String) throws(TallyError) -> String {
        guard let text = try text(name) else { throw .invalid(field: name, reason: "is required") }
        return text
    }

    func integer(_ name: String) throws(TallyError) -> Int? {
        guard let value = values[name] else { return nil }
        switch value {
        case .int(let number): return number
        case .double(let number) where Int(exactly: number) != nil: return Int(exactly: number)
        default: throw .invalid(field: name, reason: "must be a whole number")
        }
    }

    func bool(_ name: String) throws(TallyError) -> Bool? {
        guard let value = values[name] else { return nil }
        guard let flag = value.boolValue else { throw .invalid(field: name, reason: "must be true or false") }
        return flag
    }

    /// A day written YYYY-MM-DD.
    func day(_ name: String) throws(TallyError) -> LocalDay? {
        try text(name).map { text throws(TallyError) in try LocalDay.parse(text, field: name) }
    }

    func requiredDay(_ name: String) throws(TallyError) -> LocalDay {
        try LocalDay.parse(try requiredText(name), field: name)
    }
}
