import Foundation

/// Log-in names: 2 to 32 lowercase letters, digits, `.`, `_` or `-`, starting with a letter or digit.
/// Input is trimmed and lowercased first, so "Ana" and "ana" are one name.
public enum UserName {
    public static let maxLength = 32

    public static func parse(_ text: String) throws(TallyError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard name.count >= 2 else { throw TallyError.invalid(field: "name", reason: "use at least 2 characters") }
        guard name.count <= maxLength else {
            throw TallyError.invalid(field: "name", reason: "use at most \(maxLength) characters")
        }
        guard let first = name.unicodeScalars.first, allowedFirst.contains(first),
            name.unicodeScalars.allSatisfy(allowed.contains)
        else {
            throw TallyError.invalid(
                field: "name", reason: "use letters a-z, digits, '.', '_' or '-', starting with a letter or digit")
        }
        return name
    }

    private static let allowedFirst = Set("abcdefghijklmnopqrstuvwxyz0123456789".unicodeScalars)
    private static let allowed = allowedFirst.union("._-".unicodeScalars)
}
