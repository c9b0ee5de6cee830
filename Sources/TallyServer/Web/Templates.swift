import Foundation
import Mustache

/// The HTML templates in `Resources/templates`, parsed once at start-up. Mustache escapes every `{{value}}`.
struct Templates: Sendable {
    private let library: MustacheLibrary

    static func load() async throws -> Templates {
        let directory = ResourceFiles.url("Resources/templates")
        let library = try await MustacheLibrary(directory: directory.path)
        guard library.getTemplate(named: "error") != nil else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path])
        }
        return Templates(library: library)
    }

    /// Renders a page. Every form that posts gets the request's anti-forgery token as a hidden field,
    /// so no template can forget it.
    func render(_ view: Any, _ template: String) -> String {
        guard let html = library.render(view, withTemplate: template) else {
            preconditionFailure("missing template \(template)")
        }
        guard let token = RequestAuth.formToken else { return html }
        return FormTokenField.insert(token, into: html)
    }

    func errorPage(_ problem: HTTPProblem) -> String {
        render(ErrorView(title: problem.title, detail: problem.detail), "error")
    }
}

struct ErrorView {
    let title: String
    let detail: String
}
