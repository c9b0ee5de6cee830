import Foundation

/// Reads the water a person logged in Apple Health out of its `export.xml`, fed as it streams in.
///
/// Only `HKQuantityTypeIdentifierDietaryWater` records directly under `HealthData` count: a correlation
/// repeats its samples inside itself, so reading those too would count a glass twice. Each is timed by
/// its `startDate` (`creationDate` can be days later), in the zone its `HKTimeZone` metadata names, else at
/// the offset the date is written with. Everything else in the export is skipped unread.
public struct AppleHealthWaterReader {
    public static let waterType = "HKQuantityTypeIdentifierDietaryWater"

    /// Millilitres in one of each unit Health writes water in.
    public static let millilitresPerUnit: [String: Double] = [
        "mL": 1, "ml": 1, "L": 1_000, "l": 1_000, "fl_oz_us": 29.5735295625, "fl_oz_imp": 28.4130625,
        "cup_us": 236.5882365, "cup_imp": 284.130625, "pt_us": 473.176473, "pt_imp": 568.26125,
    ]

    public private(set) var samples: [HealthWaterSample] = []
    /// How many records of any type the export holds directly under `HealthData`, so an export without
    /// water can say what it held instead.
    public private(set) var recordCount = 0
    private var scanner = XMLElementScanner()
    private var open: [String] = []
    /// The water record being read, until its end tag (its metadata entries come between).
    private var pending: (attributes: [String: String], zone: String?, line: Int)?
    private var sawRoot = false

    public init() {}

    /// Reads what `bytes` completes.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(TallyError) {
        var scanner = self.scanner
        defer { self.scanner = scanner }
        try scanner.feed(bytes) { (event) throws(TallyError) in try self.handle(event) }
    }

    /// The samples read since the last call, in the order the file lists them: a caller that takes them
    /// after each piece it feeds holds no more of a large export than one piece's worth.
    public mutating func takeSamples() -> [HealthWaterSample] {
        defer { samples = [] }
        return samples
    }

    /// Reads the rest and returns the water samples not taken yet, in the order the file lists them.
    public mutating func finish() throws(TallyError) -> [HealthWaterSample] {
        var scanner = self.scanner
        defer { self.scanner = scanner }
        try scanner.finish { (event) throws(TallyError) in try self.handle(event) }
        guard sawRoot else { throw .unreadable("not an Apple Health export: it has no <HealthData> element") }
        if let unclosed = open.last { throw .unreadable("the file ends inside <\(unclosed)>: is it cut short?") }
        return samples
    }

    private mutating func handle(_ event: XMLElementScanner.Event) throws(TallyError) {
        switch event {
        case .start(let tag):
            if !sawRoot {
                guard tag.name == "HealthData" else {
                    throw .unreadable("not an Apple Health export: it starts with <\(tag.name)>, not <HealthData>")
                }
                sawRoot = true
            } else if open.count == 1, tag.name == "Record" {
                recordCount += 1
                if tag.mentions(Self.waterType) {
                    let attributes = try tag.attributes()
                    if attributes["type"] == Self.waterType { pending = (attributes, nil, tag.line) }
                }
            } else if open.count == 2, pending != nil, tag.name == "MetadataEntry", tag.mentions("HKTimeZone") {
                let attributes = try tag.attributes()
                if attributes["key"] == "HKTimeZone" { pending?.zone = attributes["value"] }
            }
            open.append(tag.name)
        case .end(let name, let line):
            guard open.last == name else {
                throw XMLElementScanner.error(line: line, "</\(name)> closes <\(open.last ?? "nothing")>")
            }
            open.removeLast()
            if open.count == 1, name == "Record", let record = pending {
                pending = nil
                samples.append(try Self.sample(record.attributes, zone: record.zone, line: record.line))
            }
        }
    }

    /// One water record's sample, or an error naming its line and what is wrong.
    static func sample(_ attributes: [String: String], zone: String?, line: Int) throws(TallyError) -> HealthWaterSample
    {
        func wrong(_ reason: String) -> TallyError { XMLElementScanner.error(line: line, "a water record's \(reason)") }
        guard let start = attributes["startDate"], let (at, offset) = HealthDate.parse(start) else {
            throw wrong("startDate '\(attributes["startDate"] ?? "")' is not a time like 2019-01-02 08:15:00 -0800")
        }
        guard let text = attributes["value"], let value = Double(text), value.isFinite, value > 0 else {
            throw wrong("value '\(attributes["value"] ?? "")' is not an amount more than 0")
        }
        let unit = attributes["unit"] ?? ""
        guard let perUnit = millilitresPerUnit[unit] else {
            throw wrong("unit '\(unit)' is not one Health writes water in (mL, L, fl_oz_us, cup_us, ...)")
        }
        let offsetZone = TimeZone(secondsFromGMT: offset)?.identifier ?? "UTC"
        let zoneID = zone.flatMap { TimeZone.supported($0)?.identifier } ?? offsetZone
        return HealthWaterSample(
            at: at, timeZoneID: zoneID, amountML: value * perUnit, source: attributes["sourceName"] ?? "",
            startText: start, valueText: "\(text) \(unit)", line: line)
    }
}

/// One glass Health holds, as read from the export.
public struct HealthWaterSample: Hashable, Sendable {
    public var at: Date
    public var timeZoneID: String
    public var amountML: Double
    /// The app or device that wrote it to Health.
    public var source: String
    /// The record's own words for its time and amount: with the source, what names it in the export.
    public var startText: String
    public var valueText: String
    public var line: Int
}

/// Health's `yyyy-MM-dd HH:mm:ss ±HHmm`.
enum HealthDate {
    static func parse(_ text: String) -> (Date, offset: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let day = LocalDay(String(parts[0])),
            parts[1].count == 8, let time = TimeOfDay(String(parts[1].prefix(5))),
            parts[1].dropFirst(5).first == ":", let seconds = Int(parts[1].suffix(2)), (0..<60).contains(seconds)
        else { return nil }
        let sign = parts[2].first
        let digits = parts[2].dropFirst()
        guard sign == "+" || sign == "-", digits.count == 4, let hours = Int(digits.prefix(2)),
            let minutes = Int(digits.suffix(2)), hours <= 18, minutes < 60
        else { return nil }
        let offset = (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        let local = Int64(day.dayNumber) * 86_400 + Int64(time.secondOfDay + seconds)
        return (Date(timeIntervalSince1970: TimeInterval(local - Int64(offset))), offset)
    }
}
