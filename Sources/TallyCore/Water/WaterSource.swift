/// Where a water entry was logged from.
public enum WaterSource: String, Hashable, Codable, Sendable, CaseIterable {
    case web
    case cli
    case api
    /// Read from a file: a backup of another tracker or a Health export.
    case `import`
}
