import Foundation

extension TimeZone {
    /// UTC offsets of real places run from -12:00 to +14:00; Foundation also accepts names such as
    /// `GMT+18`, which would put an entry outside the window storage reads for a day.
    public static let supportedOffsets = -12 * 3600...14 * 3600

    /// A zone Tally accepts: known by name, with real-world offsets (checked once per name).
    public static func supported(_ identifier: String) -> TimeZone? { ZoneCache.supportedZone(identifier) }

    /// Whether the zone's offsets, sampled over the years, are real-world ones.
    static func hasSupportedOffsets(_ zone: TimeZone) -> Bool {
        let samples = [0, 1_000_000_000, 1_800_000_000].map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return samples.allSatisfy { supportedOffsets.contains(zone.secondsFromGMT(for: $0)) }
    }

    /// The wall-clock reading of `instant` in this zone (fractions of a second dropped).
    public func localDateTime(of instant: Date) -> LocalDateTime {
        let seconds = Int64(instant.timeIntervalSince1970.rounded(.down))
        return LocalDateTime(wallSeconds: seconds + Int64(secondsFromGMT(for: instant)))
    }

    /// The instant at which clocks in this zone read `local`.
    ///
    /// A reading that does not exist (the hour skipped when clocks spring forward) moves forward by the
    /// length of the gap, as RFC 5545 erratum 4271 does: 02:30 on a spring-forward night is 03:30.
    /// A reading that happens twice (the hour repeated when clocks fall back) takes the first occurrence.
    public func instant(of local: LocalDateTime) -> Date {
        let wall = local.wallSeconds
        // Offsets in force a day either side cover any single transition around this reading.
        let before = Int64(secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - 86_400))))
        let after = Int64(secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall + 86_400))))
        let candidates = Set([before, after]).map { offset in wall - offset }.sorted()
        for candidate in candidates
        where Int64(secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(candidate)))) == wall - candidate {
            return Date(timeIntervalSince1970: TimeInterval(candidate))
        }
        // In a gap: read the wall time with the offset from before the jump, which lands past it.
        return Date(timeIntervalSince1970: TimeInterval(wall - before))
    }
}
