/// What a new password must be: at least 8 characters, at most 72 bytes (bcrypt reads no further),
/// not the user's own name and not on the list of passwords attackers try first.
public enum PasswordPolicy {
    public static let minimumLength = 8
    public static let maximumBytes = 72

    public static func check(_ password: String, userName: String) throws(TallyError) {
        guard password.count >= minimumLength else {
            throw TallyError.invalid(field: "password", reason: "use at least \(minimumLength) characters")
        }
        guard password.utf8.count <= maximumBytes else {
            throw TallyError.invalid(field: "password", reason: "use at most \(maximumBytes) bytes")
        }
        let folded = password.lowercased()
        guard folded != userName.lowercased() else {
            throw TallyError.invalid(field: "password", reason: "must not be your user name")
        }
        guard !CommonPasswords.all.contains(folded) else {
            throw TallyError.invalid(field: "password", reason: "is one of the most common passwords; choose another")
        }
    }
}
