import Foundation
import Yams

/// The API description: `openapi.yaml` is the single source; it is served as JSON, and the methods each
/// path answers (``APIPathMethods``) are read from it.
enum OpenAPIDocument {
    static func object() throws -> Any {
        let url = ResourceFiles.url("openapi.yaml")
        let yaml = try String(contentsOf: url, encoding: .utf8)
        return try Yams.load(yaml: yaml) as Any
    }

    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
