import Foundation
import Hummingbird

/// The stylesheet, scripts, icon and web manifest (and the service worker at `/sw.js`), read once from the bundle. Nothing is fetched from
/// anywhere else.
struct StaticFiles {
    static let types = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "webmanifest": "application/manifest+json", "png": "image/png", "html": "text/html; charset=utf-8",
    ]

    func register(on router: Router<TallyRequestContext>) {
        let directory = ResourceFiles.url("Resources/static")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return }
        for name in names {
            let url = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), let type = Self.types[url.pathExtension] else { continue }
            router.get("/static/\(name)") { _, _ in
                Response(
                    status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"],
                    body: .init(byteBuffer: ByteBuffer(bytes: data)))
            }
            // The service worker answers for the whole site only from its root, and must be fresh.
            if name == "sw.js" {
                router.get("/sw.js") { _, _ in
                    Response(
                        status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
                }
            }
        }
    }
}
