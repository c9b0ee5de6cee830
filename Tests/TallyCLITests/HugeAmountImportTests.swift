import Foundation
import Testing

/// A backup holding an amount past what an Int holds is refused with a message (it once ended the
/// process while the message was being written), and nothing is stored.
@Suite struct HugeAmountImportTests {
    @Test func aBackupWithAHugeAmountIsRefusedWhole() throws {
        let source = try TallyBinary()
        defer { source.remove() }
        #expect(try source.run(["water", "250"]).status == 0)
        let backup = try source.run(["export"]).stdout
        let huge = backup.replacingOccurrences(of: #""amountML" : 250"#, with: #""amountML" : 1e300"#)
        #expect(huge != backup)
        let target = try TallyBinary()
        defer { target.remove() }
        let file = target.dataDirectory.appendingPathComponent("huge.json")
        try huge.write(to: file, atomically: true, encoding: .utf8)
        let refused = try target.run(["import", file.path])
        #expect(refused.status != 0 && refused.stderr.contains("1e+300 ml is more than 5 litres"), "\(refused.stderr)")
        #expect(try target.json(["water", "today", "--json"])["totalMl"] as? Double == 0)
    }
}
