import Foundation

/// Insights across trackers (issue 53): drinks against bathroom visits, mood against skills and water,
/// skills done after a good night. Each says what went with what and how strongly over how many days,
/// or, below its minimum, how much more is needed. Pure: the service gathers the days.
public enum CrossTrackerInsights {
    /// Days (or nights) each topic needs before it says anything.
    public static let minimumDays = 14
    /// Days on each side of a comparison.
    public static let minimumPerSide = 5
    /// A night with at most this many visits counts as a good one.
    public static let goodNightVisits = 1

    public static func all(_ days: [InsightDay], unit: VolumeUnit) -> [Insight] {
        [
            voidsPerLitre(days, unit: unit), eveningWaterAndNightVisits(days, unit: unit), moodAndSkills(days),
            moodAndWater(days), skillsAfterAGoodNight(days),
        ]
    }

    /// Bathroom visits per litre drunk, on days both were logged.
    static func voidsPerLitre(_ days: [InsightDay], unit: VolumeUnit) -> Insight {
        let both = days.compactMap { day -> (visits: Int, ml: Double)? in
            guard let ml = day.waterML, ml > 0, let visits = day.dayVisits else { return nil }
            return (visits + (day.nightVisits ?? 0), ml)
        }
        let title = "Bathroom visits per litre"
        guard both.count >= minimumDays else {
            return withheld(.voidsPerLitre, title, have: both.count, what: "days with both water and bathroom visits")
        }
        let litres = both.reduce(0) { $0 + $1.ml } / 1_000
        let visits = both.reduce(0) { $0 + $1.visits }
        let perLitre = Double(visits) / litres
        let perDay = Double(visits) / Double(both.count)
        let statement =
            "On the \(both.count) days you logged both, you went \(one(perLitre)) times for each litre you "
            + "drank (\(one(perDay)) times a day, with \(unit.format(litres * 1_000 / Double(both.count))) a day)."
        return Insight(
            topic: .voidsPerLitre, title: title, statement: statement, sampleSize: both.count, needed: minimumDays,
            correlation: nil)
    }

    /// Water in the evening against visits in the night that followed.
    static func eveningWaterAndNightVisits(_ days: [InsightDay], unit: VolumeUnit) -> Insight {
        let pairs = days.compactMap { day -> (Double, Double)? in
            guard let evening = day.eveningWaterML, let night = day.nightVisits else { return nil }
            return (evening, Double(night))
        }
        return correlated(
            .eveningWaterAndNightVisits, "Evening drinks and night visits", pairs,
            what: "evenings with water logged and the night after",
            more: "more to drink in the three hours before bed", went: "more bathroom visits that night")
    }

    static func moodAndSkills(_ days: [InsightDay]) -> Insight {
        let pairs = days.compactMap { day -> (Double, Double)? in
            guard let mood = day.mood, let done = day.skillsDone else { return nil }
            return (Double(done), Double(mood))
        }
        return correlated(
            .moodAndSkills, "Mood and skills done", pairs, what: "days with a mood and skills",
            more: "more skills done", went: "a better mood")
    }

    static func moodAndWater(_ days: [InsightDay]) -> Insight {
        let pairs = days.compactMap { day -> (Double, Double)? in
            guard let mood = day.mood, let ml = day.waterML else { return nil }
            return (ml, Double(mood))
        }
        return correlated(
            .moodAndWater, "Mood and water", pairs, what: "days with a mood and water logged",
            more: "more water", went: "a better mood")
    }

    /// Skills done on days after a good night (at most one visit) against days after other nights.
    static func skillsAfterAGoodNight(_ days: [InsightDay]) -> Insight {
        let byDay = Dictionary(days.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        var good: [Double] = []
        var other: [Double] = []
        for day in days {
            guard let done = day.skillsDone, let night = byDay[day.day.adding(days: -1)]?.nightVisits else { continue }
            if night <= goodNightVisits { good.append(Double(done)) } else { other.append(Double(done)) }
        }
        let title = "Skills after a good night"
        guard good.count >= minimumPerSide, other.count >= minimumPerSide else {
            let have = min(good.count, other.count)
            return Insight(
                topic: .skillsAfterAGoodNight, title: title,
                statement:
                    "Not enough yet: this needs at least \(minimumPerSide) days after a night with at most "
                    + "\(goodNightVisits) bathroom visit and \(minimumPerSide) after other nights, each with skills "
                    + "(you have \(good.count) and \(other.count)).",
                sampleSize: have, needed: minimumPerSide, correlation: nil)
        }
        let goodMean = good.reduce(0, +) / Double(good.count)
        let otherMean = other.reduce(0, +) / Double(other.count)
        let difference = goodMean - otherMean
        let comparison =
            abs(difference) < 0.25
            ? "about as many skills as"
            : difference > 0
                ? "more skills (\(one(goodMean)) against \(one(otherMean)) a day) than"
                : "fewer skills (\(one(goodMean)) against \(one(otherMean)) a day) than"
        return Insight(
            topic: .skillsAfterAGoodNight, title: title,
            statement:
                "On the \(good.count) days after a night with at most \(goodNightVisits) bathroom visit you did "
                + "\(comparison) on the \(other.count) days after other nights.",
            sampleSize: good.count + other.count, needed: 2 * minimumPerSide, correlation: nil)
    }

    private static func correlated(
        _ topic: Insight.Topic, _ title: String, _ pairs: [(Double, Double)], what: String, more: String,
        went: String
    ) -> Insight {
        guard pairs.count >= minimumDays else { return withheld(topic, title, have: pairs.count, what: what) }
        guard let r = pearson(pairs) else {
            return Insight(
                topic: topic, title: title,
                statement:
                    "Over \(pairs.count) \(what), one of them never changed, so nothing can be said of them together.",
                sampleSize: pairs.count, needed: minimumDays, correlation: nil)
        }
        let strength = CorrelationStrength(r)
        let statement =
            strength == .none
            ? "Over \(pairs.count) \(what), there is no clear relation (r = \(two(r)))."
            : "Over \(pairs.count) \(what), \(more) went with \(r > 0 ? went : opposite(went)): a \(strength.rawValue) relation (r = \(two(r))). This says what went together, not why."
        return Insight(
            topic: topic, title: title, statement: statement, sampleSize: pairs.count, needed: minimumDays,
            correlation: r)
    }

    private static func withheld(_ topic: Insight.Topic, _ title: String, have: Int, what: String) -> Insight {
        Insight(
            topic: topic, title: title,
            statement: "Not enough yet: this needs at least \(minimumDays) \(what); you have \(have).",
            sampleSize: have, needed: minimumDays, correlation: nil)
    }

    private static func opposite(_ went: String) -> String {
        went.replacingOccurrences(of: "more ", with: "fewer ").replacingOccurrences(of: "a better", with: "a worse")
    }

    /// Pearson's correlation of the pairs; nil when either side never changes.
    static func pearson(_ pairs: [(Double, Double)]) -> Double? {
        let n = Double(pairs.count)
        let meanX = pairs.reduce(0) { $0 + $1.0 } / n
        let meanY = pairs.reduce(0) { $0 + $1.1 } / n
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for (x, y) in pairs {
            sxy += (x - meanX) * (y - meanY)
            sxx += (x - meanX) * (x - meanX)
            syy += (y - meanY) * (y - meanY)
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    private static func one(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func two(_ value: Double) -> String { String(format: "%.2f", value) }
}
