import ArgumentParser
import Foundation
import TallyCore

struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "How your trackers moved together over the last 90 days (never why).")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let (from, to, insights) = try await scope.insights.insights()
        if json { return try Output.json(InsightsJSON(from: from, to: to, insights: insights)) }
        print("From \(from) to \(to):")
        for insight in insights {
            print("\n\(insight.title)\n  \(insight.statement)")
            if insight.isEnough { print("  (\(insight.sampleSize) days)") }
        }
    }
}

/// `tally insights --json`, as `GET /api/v1/insights` answers.
struct InsightsJSON: Encodable {
    let from: String
    let to: String
    let insights: [Item]

    struct Item: Encodable {
        let topic: String
        let title: String
        let statement: String
        let sampleSize: Int
        let needed: Int
        let enough: Bool
        let correlation: Double?
    }

    init(from: LocalDay, to: LocalDay, insights: [Insight]) {
        self.from = from.description
        self.to = to.description
        self.insights = insights.map {
            Item(
                topic: $0.topic.rawValue, title: $0.title, statement: $0.statement, sampleSize: $0.sampleSize,
                needed: $0.needed, enough: $0.isEnough, correlation: $0.correlation)
        }
    }
}
