import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// `/bathroom/diary/report`: the bladder diary report, printable (its own page, no navigation, print CSS).
struct DiaryReportPage {
    let scope: UserScope
    let templates: PageTemplates

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let query = request.uri.queryParameters
        let to = try DiaryPage.day(query.get("to"), field: "to") ?? now.today.adding(days: -1)
        let from = try DiaryPage.day(query.get("from"), field: "from") ?? to.adding(days: 1 - DiaryPage.defaultDays)
        let report = try await scope.bathroom.report(from: from, to: to)
        return HTML.response(templates.render(DiaryReportView(report, toolbar: true), .bathroomReport))
    }
}

/// The report as a file of its own, for `tally pee report --format html`: the same template, no toolbar.
public enum DiaryReportHTML {
    public static func render(_ report: BladderDiaryReport) async throws -> String {
        try await Templates.load().render(
            DiaryReportView(report, toolbar: false), .bathroomReport, for: StandaloneDocument())
    }
}
