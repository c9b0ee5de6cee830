extension DiaryFigure: Encodable {
    private enum CodingKeys: String, CodingKey {
        case value, voids, withheldReason
    }

    /// Every key always present (`null` when empty), so a reader never has to guess whether a key was left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(voids, forKey: .voids)
        try container.encode(withheldReason, forKey: .withheldReason)
    }
}
