import Testing

@testable import TallyServer

/// A share card's headline wraps between words instead of running off the card ("3 days in a row of
/// meeti…" was cut at the edge).
@Suite struct ShareCardTests {
    @Test func headlinesWrapBetweenWords() {
        #expect(
            ShareCard.wrap("3 days in a row of meeting my water goal", width: 22) == [
                "3 days in a row of", "meeting my water goal",
            ])
        #expect(ShareCard.wrap("1234 days in a row of meeting my water goal", width: 22).allSatisfy { $0.count <= 22 })
        #expect(ShareCard.wrap("Goal met!", width: 22) == ["Goal met!"])
        #expect(ShareCard.wrap("Supercalifragilisticexpialidocious water", width: 22).first?.count == 34)
    }
}
