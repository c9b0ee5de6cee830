/// One page of bathroom history: up to a page's worth of days with events, newest first, and whether
/// older days follow.
public struct BathroomHistoryPage: Hashable, Sendable {
    public let days: [BathroomDay]
    public let hasOlder: Bool

    public init(days: [BathroomDay], hasOlder: Bool) {
        self.days = days
        self.hasOlder = hasOlder
    }
}
