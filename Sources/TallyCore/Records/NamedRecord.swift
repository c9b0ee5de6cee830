import Foundation

/// A record as a person names it on the command line: by its id, or by its title in any case. A title
/// that several records share is a question for the person, not a guess: the answer lists them with their
/// ids (a title written in exactly that case, once among them, is taken).
public enum NamedRecord {
    public static func find<Record>(
        _ text: String, in records: [Record], kind: String, plural: String? = nil, id: (Record) -> UUID,
        title: (Record) -> String
    ) throws(TallyError) -> Record {
        if let wanted = UUID(text: text) {
            guard let record = records.first(where: { id($0) == wanted }) else {
                throw .notFound(kind: kind, id: text)
            }
            return record
        }
        let typed = text.trimmingCharacters(in: .whitespaces)
        let matches = records.filter { title($0).caseInsensitiveCompare(typed) == .orderedSame }
        if matches.count == 1 { return matches[0] }
        let exact = matches.filter { title($0) == typed }
        if exact.count == 1 { return exact[0] }
        guard !matches.isEmpty else { throw .notFound(kind: kind, id: text) }
        let listed = (exact.isEmpty ? matches : exact).map { "\(title($0)) (\(id($0).text))" }
        throw .invalid(
            field: kind,
            reason: "'\(typed)' is the title of \(listed.count) \(plural ?? kind + "s"): "
                + "\(listed.joined(separator: ", ")); give its id")
    }
}
