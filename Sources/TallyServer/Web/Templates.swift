import Foundation
import Mustache
import TallyCore

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

    /// Renders a page for `request`. Every form that posts gets the request's anti-forgery token as a
    /// hidden field, so no template can forget it.
    func render(_ view: Any, _ template: Template, for request: some PageRequest) -> String {
        guard let html = library.render(view, withTemplate: template.rawValue) else {
            preconditionFailure("missing template \(template.rawValue)")
        }
        guard let token = request.formToken else { return html }
        return FormTokenField.insert(token, into: Self.marking(html, owner: request.pageOwner))
    }

    /// These templates bound to one request, for a page value made for it.
    func bound(to request: some PageRequest) -> PageTemplates {
        PageTemplates(templates: self, formToken: request.formToken, pageOwner: request.pageOwner)
    }

    /// A signed-in page's `<body>` names its person (`data-user`): the page's offline queue keeps what
    /// each person logged apart, and a page saved for one is not shown to another.
    private static func marking(_ html: String, owner: UUID?) -> String {
        guard let owner, let body = html.range(of: "<body>") else { return html }
        return html.replacingCharacters(in: body, with: "<body data-user=\"\(owner.text)\">")
    }

    func errorPage(_ problem: HTTPProblem, for request: some PageRequest) -> String {
        render(ErrorView(title: problem.title, detail: problem.detail), .error, for: request)
    }
}

/// The templates as one request renders them: its form token and its person.
struct PageTemplates: Sendable, PageRequest {
    let templates: Templates
    let formToken: String?
    let pageOwner: UUID?

    func render(_ view: Any, _ template: Template) -> String {
        templates.render(view, template, for: self)
    }
}

struct ErrorView {
    let title: String
    let detail: String
}
