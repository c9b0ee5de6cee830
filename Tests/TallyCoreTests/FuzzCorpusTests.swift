import Foundation
import TallyFuzzTargets
import Testing

/// Every input in `Tests/Fuzz/corpus` (the seeds `scripts/fuzz` starts from, and each input it once
/// crashed on, kept as a regression) runs through its target on every test run: none may trap.
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    @Test(arguments: FuzzTarget.allCases)
    func everyCorpusInputRunsThroughItsTarget(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(!files.isEmpty, "no corpus for \(target.rawValue)")
        for file in files {
            target.run(try Data(contentsOf: file))
        }
    }
}
