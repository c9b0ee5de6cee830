/// The image formats Tally accepts, recognised by their content (magic bytes), never by a file name.
public enum ImageKind: String, CaseIterable, Codable, Sendable {
    case jpeg, png, webp

    /// The largest upload accepted.
    public static let maxBytes = 10 * 1024 * 1024

    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .webp: "image/webp"
        }
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .webp: "webp"
        }
    }

    /// The kind a stored file name ends in.
    public init?(fileName: String) {
        guard let kind = Self.allCases.first(where: { fileName.hasSuffix("." + $0.fileExtension) }) else { return nil }
        self = kind
    }

    /// The format of `bytes`, or an error saying why they are not an accepted image.
    public static func detect<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, field: String = "image"
    ) throws(TallyError)
        -> ImageKind
    {
        guard !bytes.isEmpty else { throw .invalid(field: field, reason: "the file is empty") }
        guard bytes.count <= maxBytes else {
            throw .invalid(
                field: field,
                reason: "the file is \(megabytes(bytes.count)); the limit is \(megabytes(maxBytes))")
        }
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        throw .invalid(field: field, reason: "the file is not a JPEG, PNG or WebP image")
    }

    static func megabytes(_ count: Int) -> String {
        let value = Double(count) / 1_048_576
        return value >= 10 || value == value.rounded()
            ? "\(Int(value.rounded())) MB" : "\((value * 10).rounded() / 10) MB"
    }
}
