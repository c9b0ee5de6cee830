import Foundation
import TallyCore

/// A zip archive made front to back, never going back to patch a header, so it can go to a download or a
/// pipe as it is made: a deflated entry's CRC-32 and sizes follow its data (a data descriptor, bit 3 of its
/// flags) and are in the central directory at the end, where zip readers (ZIPFoundation, unzip, Python,
/// the desktops' archive tools) read them. Every method returns the bytes it made, for the caller to
/// write out in order; nothing is held but the central directory (a few dozen bytes an entry).
///
/// Without ZIP64: an entry or an archive of 4 GiB or more is refused with an error saying so.
struct ZipStream {
    private let time: UInt16
    private let date: UInt16
    private var offset: UInt64 = 0
    private var directory = Data()
    private var entries = 0
    private var open: (name: Data, start: UInt64, deflater: Deflater)?

    /// Entries are dated `modified` on the wall clock of `zone` (zip keeps local times).
    init(modified: Date, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: modified)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        date = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        time = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
    }

    /// Starts a deflated entry named `name`; ``write(_:)`` gives its content and ``closeEntry()`` ends it.
    mutating func openEntry(_ name: String) throws -> Data {
        precondition(open == nil, "a zip entry is open")
        let name = Data(name.utf8)
        let header = localHeader(name: name, method: 8, flags: Self.flags | 0x0008, crc: 0, sizes: (0, 0))
        open = (name, offset, try Deflater())
        return advance(header)
    }

    /// More of the open entry's content, deflated.
    mutating func write(_ bytes: some ContiguousBytes) throws -> Data {
        guard let open else { preconditionFailure("no zip entry is open") }
        var output = Data()
        try bytes.withUnsafeBytes { try open.deflater.deflate($0, into: &output) }
        return advance(output)
    }

    /// Ends the open entry: its last deflated bytes and its data descriptor.
    mutating func closeEntry() throws -> Data {
        guard let entry = open else { preconditionFailure("no zip entry is open") }
        open = nil
        var output = Data()
        try entry.deflater.finish(into: &output)
        let deflater = entry.deflater
        let sizes = try Self.checked((deflater.bytesOut, deflater.bytesIn), entry.name)
        output.append(le32: 0x0807_4B50)
        output.append(le32: deflater.crc)
        output.append(le32: sizes.compressed)
        output.append(le32: sizes.uncompressed)
        try record(
            name: entry.name, method: 8, flags: Self.flags | 0x0008, crc: deflater.crc, sizes: sizes,
            at: entry.start)
        return advance(output)
    }

    /// A whole entry stored as it is (photos, compressed already; the small manifest).
    mutating func stored(_ name: String, _ content: Data) throws -> Data {
        precondition(open == nil, "a zip entry is open")
        let name = Data(name.utf8)
        let crc = content.withUnsafeBytes { Deflater.crc32(of: $0) }
        let sizes = try Self.checked((UInt64(content.count), UInt64(content.count)), name)
        let start = offset
        var output = localHeader(name: name, method: 0, flags: Self.flags, crc: crc, sizes: sizes)
        output.append(content)
        try record(name: name, method: 0, flags: Self.flags, crc: crc, sizes: sizes, at: start)
        return advance(output)
    }

    /// The central directory and its end: the archive's last bytes.
    mutating func finish() throws -> Data {
        precondition(open == nil, "a zip entry is open")
        guard offset + UInt64(directory.count) < UInt64(UInt32.max), entries < Int(UInt16.max) else {
            throw TallyError.unreadable("the export is 4 GB or more, more than a zip file without ZIP64 holds")
        }
        var output = directory
        output.append(le32: 0x0605_4B50)
        output.append(le16: 0)
        output.append(le16: 0)
        output.append(le16: UInt16(entries))
        output.append(le16: UInt16(entries))
        output.append(le32: UInt32(directory.count))
        output.append(le32: UInt32(offset))
        output.append(le16: 0)
        directory = Data()
        return advance(output)
    }

    /// Names in UTF-8 (bit 11).
    private static let flags: UInt16 = 0x0800
    /// Version 2.0: deflate, data descriptors.
    private static let version: UInt16 = 20

    private static func checked(
        _ sizes: (compressed: UInt64, uncompressed: UInt64), _ name: Data
    ) throws -> (compressed: UInt32, uncompressed: UInt32) {
        guard sizes.compressed < UInt64(UInt32.max), sizes.uncompressed < UInt64(UInt32.max) else {
            throw TallyError.unreadable(
                "\(String(decoding: name, as: UTF8.self)) is 4 GB or more, more than a zip file without ZIP64 holds")
        }
        return (UInt32(sizes.compressed), UInt32(sizes.uncompressed))
    }

    private func localHeader(
        name: Data, method: UInt16, flags: UInt16, crc: UInt32, sizes: (compressed: UInt32, uncompressed: UInt32)
    ) -> Data {
        var header = Data()
        header.append(le32: 0x0403_4B50)
        header.append(le16: Self.version)
        header.append(le16: flags)
        header.append(le16: method)
        header.append(le16: time)
        header.append(le16: date)
        header.append(le32: crc)
        header.append(le32: sizes.compressed)
        header.append(le32: sizes.uncompressed)
        header.append(le16: UInt16(name.count))
        header.append(le16: 0)
        header.append(name)
        return header
    }

    private mutating func record(
        name: Data, method: UInt16, flags: UInt16, crc: UInt32, sizes: (compressed: UInt32, uncompressed: UInt32),
        at start: UInt64
    ) throws {
        guard start < UInt64(UInt32.max) else {
            throw TallyError.unreadable("the export is 4 GB or more, more than a zip file without ZIP64 holds")
        }
        directory.append(le32: 0x0201_4B50)
        directory.append(le16: 3 << 8 | Self.version)  // made on Unix, so the permissions below are read
        directory.append(le16: Self.version)
        directory.append(le16: flags)
        directory.append(le16: method)
        directory.append(le16: time)
        directory.append(le16: date)
        directory.append(le32: crc)
        directory.append(le32: sizes.compressed)
        directory.append(le32: sizes.uncompressed)
        directory.append(le16: UInt16(name.count))
        directory.append(le16: 0)
        directory.append(le16: 0)
        directory.append(le16: 0)
        directory.append(le16: 0)
        directory.append(le32: UInt32(0o100644) << 16)
        directory.append(le32: UInt32(start))
        directory.append(name)
        entries += 1
    }

    private mutating func advance(_ bytes: Data) -> Data {
        offset += UInt64(bytes.count)
        return bytes
    }
}

extension Data {
    fileprivate mutating func append(le16 value: UInt16) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    fileprivate mutating func append(le32 value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
