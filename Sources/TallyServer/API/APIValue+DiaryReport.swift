import Foundation
import TallyCore

extension APIValue {
    /// The report as the API shows it: the very document `tally pee report --format json` writes, read into
    /// the generated type, so the two cannot drift apart (the schema is checked against it in the tests).
    static func report(_ report: BladderDiaryReport) throws -> Components.Schemas.BladderDiaryReport {
        let data = try BackupCoding.encoder().encode(BladderDiaryReportDocument(report))
        return try JSONDecoder().decode(Components.Schemas.BladderDiaryReport.self, from: data)
    }
}
