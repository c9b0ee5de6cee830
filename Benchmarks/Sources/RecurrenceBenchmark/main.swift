import Foundation

/// Runs every benchmark rule with this engine and with python-dateutil and prints a comparison table.
let runs = 5
let cases = BenchmarkCase.all
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

var rows: [[String]] = [["rule", "occurrences", "swift occ/s", "dateutil occ/s", "ratio"]]
var slowest = Double.infinity
for benchmark in cases {
    let swiftRate = benchmark.swiftOccurrencesPerSecond(runs: runs)
    let dateutilRate = dateutilRates[benchmark.name]
    let ratio = dateutilRate.map { swiftRate / $0 }
    if let ratio { slowest = min(slowest, ratio) }
    rows.append([
        benchmark.name, String(benchmark.count), TableFormatter.rate(swiftRate),
        dateutilRate.map(TableFormatter.rate) ?? "n/a", ratio.map { String(format: "%.1fx", $0) } ?? "n/a",
    ])
}
print(TableFormatter.render(rows))
if slowest.isFinite { print(String(format: "minimum ratio: %.1fx (target 20x)", slowest)) }
