import Foundation

/// Files copied into the target's resource bundle. Paths are taken from the bundle's own directory:
/// on Linux, Foundation treats a `Resources` folder inside a bundle as its resource directory, so
/// `resourceURL` would point one level too deep.
enum ResourceFiles {
    static func url(_ relativePath: String) -> URL {
        Bundle.module.bundleURL.appendingPathComponent(relativePath)
    }
}
