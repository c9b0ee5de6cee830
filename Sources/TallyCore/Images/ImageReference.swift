/// How a record points at an uploaded image: `/images/<sha256>.<ext>`, the address the server serves.
public enum ImageReference {
    public static let prefix = "/images/"

    /// The address of an image stored under `name`.
    public static func url(name: String) -> String { prefix + name }

    /// The stored file name in an address, or nil when the address is not one of Tally's images.
    public static func name(in url: String) -> String? {
        guard url.hasPrefix(prefix) else { return nil }
        let name = String(url.dropFirst(prefix.count))
        return isValidName(name) ? name : nil
    }

    /// Whether `name` is a content hash and a known extension, such as `3a7b….jpg`.
    public static func isValidName(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        guard parts.count == 2, ImageKind.allCases.contains(where: { $0.fileExtension == parts[1] }) else {
            return false
        }
        return parts[0].count == 64 && parts[0].allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The address as stored (blank becomes nil), or an error when it is not an uploaded image's address.
    public static func checked(_ url: String?, field: String = "imageUrl") throws(TallyError) -> String? {
        guard let url, !url.isEmpty else { return nil }
        guard name(in: url) != nil else {
            throw .invalid(field: field, reason: "'\(url)' is not an uploaded image (upload it to /api/v1/images)")
        }
        return url
    }
}
