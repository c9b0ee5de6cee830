import Foundation

/// What a rendered page needs of its request: the anti-forgery token its forms carry, and whose page it
/// is (the page's offline queue keeps each person's logs apart).
protocol PageRequest {
    var formToken: String? { get }
    var pageOwner: UUID? { get }
}

/// A document rendered outside any request (the report `tally pee report --format html` writes): no
/// forms, no person.
struct StandaloneDocument: PageRequest {
    var formToken: String? { nil }
    var pageOwner: UUID? { nil }
}
