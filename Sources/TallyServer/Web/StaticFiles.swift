import Foundation
import Hummingbird

/// The stylesheet, script, icon and web manifest, read once from the bundle. Nothing is fetched from
/// anywhere else.
struct StaticFiles {
    static let types = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "webmanifest": "application/manifest+json",
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
        }
    }
}
