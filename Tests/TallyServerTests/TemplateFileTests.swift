import Foundation
import Testing

@testable import TallyServer

/// ``Template`` is the list of `Resources/templates`: every case has its file and every file its case, so
/// a page named in code always renders.
@Suite struct TemplateFileTests {
    @Test func everyCaseHasItsFileAndEveryFileItsCase() throws {
        let directory = ResourceFiles.url("Resources/templates")
        let files = Set(
            try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".mustache") }
                .map { String($0.dropLast(".mustache".count)) })
        let cases = Set(Template.allCases.map(\.rawValue))
        #expect(cases.subtracting(files).isEmpty, "cases without a file: \(cases.subtracting(files).sorted())")
        #expect(files.subtracting(cases).isEmpty, "files without a case: \(files.subtracting(cases).sorted())")
        #expect(!files.isEmpty)
    }

    @Test func everyTemplateLoads() async throws {
        _ = try await Templates.load()
    }
}
