import Foundation

/// An entry reduced to what day totals need, so years of history can be read cheaply.
public struct WaterSample: Hashable, Sendable {
    public var at: Date
    public var timeZoneID: String
    public var amountML: Double

    public init(at: Date, timeZoneID: String, amountML: Double) {
        self.at = at
        self.timeZoneID = timeZoneID
        self.amountML = amountML
    }
}
