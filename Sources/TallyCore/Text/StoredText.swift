/// What every text a person gives must be to be stored as given: no NUL character. Databases and C
/// strings end text at a NUL, so "before\u{0}after" would be answered whole and read back as "before";
/// it is refused instead, naming the field.
public enum StoredText {
    public static func check(_ text: String, field: String) throws(TallyError) {
        guard text.unicodeScalars.contains("\u{0}") else { return }
        throw .invalid(field: field, reason: "contains a NUL character (U+0000), which cannot be stored")
    }

    /// `text` without NUL characters, which no database stores: for text brought in from another program.
    public static func withoutNUL(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" }))
    }
}
