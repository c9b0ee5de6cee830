/// Builds fixed-form ASCII text (dates, instants, stamps) from zero-padded numbers without the
/// intermediate strings interpolation makes: a sync writes hundreds of thousands of them.
struct ASCIIText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// `value` in decimal, zero-padded to at least `width` digits (a minus sign first when negative).
    mutating func append(_ value: Int64, width: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var count = 1
        var scale: UInt64 = 1
        while magnitude / scale >= 10 {
            scale *= 10
            count += 1
        }
        if count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / scale % 10))
            scale /= 10
        }
    }

    mutating func append(_ value: Int, width: Int) { append(Int64(value), width: width) }

    mutating func append(_ character: Unicode.Scalar) { bytes.append(UInt8(ascii: character)) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(contentsOf other: some Sequence<UInt8>) { bytes.append(contentsOf: other) }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
