import Foundation
import Mustache

/// The HTML templates in `Resources/templates`, parsed once at start-up. Mustache escapes every `{{value}}`.
struct Templates: Sendable {
    private let library: MustacheLibrary

    static func load() async throws -> Templates {
        let directory = ResourceFiles.url("Resources/templates")
        let library = try await MustacheLibrary(directory: directory.path)
        // Every page is there, or the server does not start (rather than trap at a request).
        if let missing = Template.allCases.first(where: { library.getTemplate(named: $0.rawValue) == nil }) {
            throw CocoaError(
                .fileReadNoSuchFile,
                userInfo: [NSFilePathErrorKey: directory.appendingPathComponent("\(missing.rawValue).mustache").path])
        }
        return Templates(library: library)
    }

    /// Renders a page. Every form that posts gets the request's anti-forgery token as a hidden field,
    /// so no template can forget it.
    func render(_ view: Any, _ template: Template) -> String {
        guard let html = library.render(view, withTemplate: template.rawValue) else {
            preconditionFailure("missing template \(template.rawValue)")
        }
        guard let token = RequestAuth.formToken else { return html }
        return FormTokenField.insert(token, into: Self.markingUser(html))
    }

    /// A signed-in page's `<body>` names its person (`data-user`): the page's offline queue keeps what
    /// each person logged apart, and a page saved for one is not shown to another.
    private static func markingUser(_ html: String) -> String {
        guard let user = RequestAuth.current?.user.id,
            let body = html.range(of: "<body>")
        else { return html }
        return html.replacingCharacters(in: body, with: "<body data-user=\"\(user.text)\">")
    }

    func errorPage(_ problem: HTTPProblem) -> String {
        render(ErrorView(title: problem.title, detail: problem.detail), .error)
    }
}

struct ErrorView {
    let title: String
    let detail: String
}
