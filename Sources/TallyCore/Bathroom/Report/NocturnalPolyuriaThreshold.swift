/// The age-adjusted line above which a nocturnal polyuria index suggests nocturnal polyuria (ICS 2019):
/// more than 33% of the 24-hour volume at night from age 65, more than 20% under 65.
public enum NocturnalPolyuriaThreshold {
    public static let olderAge = 65
    public static let older = 0.33
    public static let younger = 0.20

    /// The age taken from a birth year: the report's year less the birth year (a year too many before the
    /// birthday, which only a birth date would settle).
    public static func age(birthYear: Int, in day: LocalDay) -> Int { day.year - birthYear }

    public static func threshold(age: Int) -> Double { age >= olderAge ? older : younger }
}
