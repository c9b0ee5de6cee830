import Hummingbird

/// Building HTML responses and redirects.
enum HTML {
    static func response(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// After a form post: see the page again (the post/redirect/get pattern, so reload never re-posts).
    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path])
    }

    /// A `returnTo` form value, accepted only when it is a path on this site.
    static func localPath(_ text: String?, default fallback: String) -> String {
        guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else { return fallback }
        return text
    }
}
