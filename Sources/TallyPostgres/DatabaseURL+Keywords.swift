import TallyCore

/// libpq's keyword/value connection string, as `psql` and most PostgreSQL tools take it:
/// `host=db.example.org port=5432 dbname=tally user=tally password='a secret' sslmode=require`.
extension DatabaseURL {
    /// The keywords read: libpq's that mean the same here, and Tally's own `pool`.
    static let keywordNames = ["host", "port", "dbname", "user", "password", "sslmode", "sslrootcert", "pool"]

    /// Whether `text` is in the keyword form: it starts with a keyword and `=` (a path or a `postgres://`
    /// address does not).
    public static func isKeywordForm(_ text: String) -> Bool {
        guard let equals = text.firstIndex(of: "=") else { return false }
        let keyword = text[..<equals].trimmingCharacters(in: .whitespaces)
        return !keyword.isEmpty && keyword.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
    }

    /// Reads the keyword form. Spaces around `=` are optional; a value with spaces, or an empty one, is
    /// written in single quotes, with `\'` and `\\` inside them. As in libpq, the user is this system's user
    /// and the database is named after the user when left out; the host must be given (a name, an address
    /// or a socket's directory).
    public init(keywords text: String) throws(TallyError) {
        var values: [String: String] = [:]
        for (name, value) in try Self.keywordPairs(text) {
            guard Self.keywordNames.contains(name) else {
                let names = Self.keywordNames.joined(separator: ", ")
                throw Self.fault("the keyword '\(name)' is not one Tally reads (\(names) are)")
            }
            values[name] = value
        }
        guard let host = values["host"], !host.isEmpty else {
            throw Self.fault("name the host, as in host=db.example.org dbname=tally user=tally")
        }
        let user = values["user"] ?? Self.systemUser
        let bracketed = host.contains(":") ? "[\(host)]" : Self.encoded(host)
        let (parsedHost, port) = try Self.hostAndPort(Substring(bracketed + ":" + (values["port"] ?? "5432")))
        let options = try Self.options(
            ["sslmode", "sslrootcert", "pool"].compactMap { name in values[name].map { (name, $0) } })
        try self.init(
            checking: DatabaseURL(
                user: user, password: values["password"], host: parsedHost, port: port,
                database: values["dbname"].flatMap { $0.isEmpty ? nil : $0 } ?? user),
            options: options)
    }

    /// The `keyword=value` pairs of `text`, in order, or where it breaks the form.
    static func keywordPairs(_ text: String) throws(TallyError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { return pairs }
            let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
            rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            guard !name.isEmpty, rest.first == "=" else {
                // The word is not quoted: it may be the rest of a password.
                guard let previous = pairs.last?.name else { throw fault("write keyword=value pairs") }
                throw fault(
                    "a word with no '=' follows the value of \(previous): write a value holding spaces in single "
                        + "quotes, as in password='a secret'")
            }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            let value: String
            (value, rest) = try keywordValue(rest, of: String(name))
            pairs.append((String(name), value))
        }
    }

    /// The value at the start of `text` (quoted or not) and what follows it.
    private static func keywordValue(_ text: Substring, of name: String) throws(TallyError) -> (String, Substring) {
        guard text.first == "'" else {
            let value = text.prefix { $0 != " " && $0 != "\t" }
            return (String(value), text.dropFirst(value.count))
        }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "'" { return (value, text[text.index(after: index)...]) }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
            }
            value.append(text[index])
            index = text.index(after: index)
        }
        throw fault("the value of \(name) opens a quote (') that is not closed")
    }
}
