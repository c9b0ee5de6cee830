/// Reads fixed-form ASCII text (dates, times, stamps) byte by byte: parsing a hundred thousand synced
/// instants through `Character` and substrings costs more than the rest of the sync.
struct ASCIIScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }

    /// How many bytes are left.
    var remaining: Int { bytes.count - index }

    /// Takes `character` if it comes next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Takes exactly `digits` ASCII digits and reads them as a number, or takes nothing.
    mutating func number(digits: Int) -> Int? {
        guard remaining >= digits else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// Takes the run of ASCII digits that comes next (possibly none).
    mutating func digitRun() -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return bytes[start..<index]
    }
}
