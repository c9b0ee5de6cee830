import CZlib
import Foundation

/// A raw deflate stream (RFC 1951, what a zip entry holds) made a piece at a time with zlib, and the
/// CRC-32 of what went in. One entry's worth; ``finish()`` ends it.
final class Deflater {
    /// zlib's level: 6 is its default, what ZIPFoundation wrote before.
    static let level: Int32 = 6
    /// Output is handed back in pieces of about this size.
    static let pieceSize = 1 << 16

    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var buffer = [UInt8](repeating: 0, count: Deflater.pieceSize)
    private(set) var crc: UInt32 = 0
    private(set) var bytesIn: UInt64 = 0
    private(set) var bytesOut: UInt64 = 0

    init() throws {
        stream.initialize(to: z_stream())
        let status = deflateInit2_(
            stream, Self.level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        // deinit still ends and frees the stream.
        guard status == Z_OK else { throw DeflateFailure(status: status) }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses `bytes`, appending what zlib gives back to `output`.
    func deflate(_ bytes: UnsafeRawBufferPointer, into output: inout Data) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var rest = bytes.count
        var next = base.assumingMemoryBound(to: UInt8.self)
        while rest > 0 {
            // zlib counts in UInt32: feed it at most a gigabyte a call.
            let count = min(rest, 1 << 30)
            crc = UInt32(CZlib.crc32(UInt(crc), next, UInt32(count)))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: next)
            stream.pointee.avail_in = UInt32(count)
            try run(Z_NO_FLUSH, into: &output)
            bytesIn += UInt64(count)
            rest -= count
            next += count
        }
    }

    /// The CRC-32 of `bytes` (what a stored entry's header says).
    static func crc32(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        var crc: UInt = 0
        var rest = bytes.count
        var next = base.assumingMemoryBound(to: UInt8.self)
        while rest > 0 {
            let count = Swift.min(rest, 1 << 30)
            crc = CZlib.crc32(crc, next, UInt32(count))
            rest -= count
            next += count
        }
        return UInt32(crc)
    }

    /// Ends the stream, appending its last bytes to `output`.
    func finish(into output: inout Data) throws {
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        try run(Z_FINISH, into: &output)
    }

    private func run(_ flush: Int32, into output: inout Data) throws {
        try buffer.withUnsafeMutableBufferPointer { piece in
            repeat {
                stream.pointee.next_out = piece.baseAddress
                stream.pointee.avail_out = UInt32(piece.count)
                let status = CZlib.deflate(stream, flush)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw DeflateFailure(status: status)
                }
                let made = piece.count - Int(stream.pointee.avail_out)
                output.append(piece.baseAddress!, count: made)
                bytesOut += UInt64(made)
                if flush == Z_FINISH, status == Z_STREAM_END { return }
            } while stream.pointee.avail_out == 0 || flush == Z_FINISH
        }
    }
}

/// zlib refused: a bug (or no memory), never the person's input.
struct DeflateFailure: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "zlib's deflate failed (status \(status))" }
}
