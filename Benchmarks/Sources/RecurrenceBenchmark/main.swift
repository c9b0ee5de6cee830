import Foundation

/// Runs every benchmark rule with this engine and with python-dateutil and prints a comparison table, each
/// rule's ratio and its verdict against the goal. `--only NAME` keeps the rule of that name;
/// `--swift-only` skips dateutil (for profiling).
let runs = 5
let goal = 100.0
let arguments = CommandLine.arguments
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let cases = BenchmarkCase.all.filter { only == nil || $0.name == only }
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../dateutil_bench.py").standardized

var dateutilRates: [String: Double] = [:]
if CommandLine.arguments.contains("--swift-only") {
    // Profiling mode: only this engine runs.
} else {
    do {
        dateutilRates = try DateutilRunner.rates(script: script, cases: cases, runs: 3)
    } catch {
        print("warning: dateutil timing unavailable: \(error)")
    }
}

var rows: [[String]] = [["rule", "occurrences", "swift occ/s", "dateutil occ/s", "ratio", "verdict"]]
var slowest = Double.infinity
for benchmark in cases {
    let swiftRate = benchmark.swiftOccurrencesPerSecond(runs: runs)
    let dateutilRate = dateutilRates[benchmark.name]
    let ratio = dateutilRate.map { swiftRate / $0 }
    if let ratio { slowest = min(slowest, ratio) }
    rows.append([
        benchmark.name, String(benchmark.count), TableFormatter.rate(swiftRate),
        dateutilRate.map(TableFormatter.rate) ?? "n/a", ratio.map { String(format: "%.1fx", $0) } ?? "n/a",
        ratio.map { $0 >= goal ? "meets \(Int(goal))x" : "below \(Int(goal))x" } ?? "n/a",
    ])
}
print(TableFormatter.render(rows))
if slowest.isFinite {
    let verdict = slowest >= goal ? "every rule meets it" : "not met"
    print(String(format: "minimum ratio: %.1fx (goal %.0fx: %@)", slowest, goal, verdict))
}
