import Foundation
import Yams

/// The API description: `openapi.yaml` is the single source; it is served as JSON.
enum OpenAPIDocument {
    static func json() throws -> Data {
        let url = ResourceFiles.url("openapi.yaml")
        let yaml = try String(contentsOf: url, encoding: .utf8)
        let object = try Yams.load(yaml: yaml) as Any
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}
