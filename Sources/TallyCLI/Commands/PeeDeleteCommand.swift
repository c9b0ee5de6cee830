import ArgumentParser
import Foundation
import TallyCore

struct PeeDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an event by id.")

    @Argument(help: "The event's id, as `tally pee today` shows it.") var id: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard let uuid = UUID(text: id) else { throw TallyError.notFound(kind: "bathroom event", id: id) }
        try await store.scope().bathroom.delete(id: uuid)
        print("Deleted \(uuid)")
    }
}
