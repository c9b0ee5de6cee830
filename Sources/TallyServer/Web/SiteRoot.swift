import Foundation
import Hummingbird

/// The address people open Tally at, for links made to be sent elsewhere (widgets, diary share links):
/// `--public-url` when given, else this request's host over http; no trailing slash.
enum SiteRoot {
    static func of(_ request: Request, publicURL: URL?) -> String {
        (publicURL?.absoluteString ?? "http://\(request.head.authority ?? "localhost")")
            .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
}
