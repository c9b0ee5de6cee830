import Foundation
import HTTPTypes

/// Which methods each API path answers, read from the API document's `paths`, so that a method the
/// document does not list for a path that exists is a 405 naming the ones it does (RFC 9110 §15.5.6),
/// not a 404 that would say the path does not exist.
struct APIPathMethods: Sendable {
    /// Where the document's paths are served (its server URL's path).
    let prefix: String
    /// Each path's segments (nil for a `{parameter}`) and its methods, upper case.
    private let paths: [(segments: [String?], methods: [String])]

    static let methodNames = ["get", "put", "post", "delete", "patch", "head", "options"]

    init(document: Any, prefix: String) {
        self.prefix = prefix
        let entries = ((document as? [String: Any])?["paths"] as? [String: Any]) ?? [:]
        paths = entries.sorted { $0.key < $1.key }.map { path, item in
            let declared = Set(((item as? [String: Any]) ?? [:]).keys)
            var methods = Self.methodNames.filter(declared.contains).map { $0.uppercased() }
            if methods.contains("GET"), !methods.contains("HEAD") { methods.append("HEAD") }
            let segments = path.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
            return (segments, methods)
        }
    }

    /// The methods `path` answers, or nil when it is not one of the document's paths.
    func methods(for path: String) -> [String]? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        let segments = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
        let matches = paths.filter { entry in
            entry.segments.count == segments.count
                && zip(entry.segments, segments).allSatisfy { pattern, segment in
                    pattern.map { $0 == segment } ?? !segment.isEmpty
                }
        }
        // `/skills/day` also matches `/skills/{id}`: as in routing, the path with the most fixed segments
        // is the one meant.
        let specific = matches.max { lhs, rhs in
            lhs.segments.compactMap(\.self).count < rhs.segments.compactMap(\.self).count
        }
        return specific?.methods
    }
}
