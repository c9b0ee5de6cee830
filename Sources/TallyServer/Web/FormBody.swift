import Foundation
import Hummingbird
import NIOCore

/// The fields of a posted `application/x-www-form-urlencoded` form, as text; each page reads and checks
/// its own fields so a bad value gets a message naming it.
struct FormBody {
    static let maxBytes = 64 * 1024
    private let values: [String: String]

    init(request: Request) async throws {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maxBytes)
        } catch is NIOTooManyBytesError {
            throw HTTPProblem(
                status: .contentTooLarge,
                detail: "the form is larger than \(Self.maxBytes / 1024) KB: shorten what you typed")
        }
        var values: [String: String] = [:]
        for pair in String(buffer: buffer).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
        self.values = values
    }

    subscript(_ name: String) -> String? { values[name] }

    /// The field, or nil when it is missing or blank.
    func text(_ name: String) -> String? {
        guard let value = values[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }

    private static func decode(_ part: Substring) -> String {
        let text = String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
        return lineFeeds(text)
    }

    /// A browser sends every line break a person typed (or a textarea was given) as CR LF (HTML's form
    /// submission rules); Tally stores line feeds, as the API and the CLI take them, so a note saved
    /// unchanged stays as it was.
    static func lineFeeds(_ text: String) -> String {
        text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }
}
