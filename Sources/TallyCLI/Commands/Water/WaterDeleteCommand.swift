import ArgumentParser
import Foundation
import TallyCore

struct WaterDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete an entry by its id.")

    @Argument(help: "The entry's id, as printed when it was logged.") var id: String
    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard let uuid = UUID(text: id) else { throw TallyError.notFound(kind: "water entry", id: id) }
        let scope = try await store.scope()
        let entry = try await scope.water.entry(id: uuid)
        try await scope.water.delete(id: uuid)
        let unit = try await scope.now().settings.water.unit
        print("Deleted \(unit.format(entry.amountML)) at \(entry.localDateTime.timeOfDay) (\(entry.id))")
    }
}

struct WaterUndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Take back the entry added last.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let entry = try await scope.water.undo()
        let now = try await scope.now()
        let unit = now.settings.water.unit
        print(
            "Took back \(unit.format(entry.amountML)) at \(entry.localDateTime.timeOfDay) on "
                + "\(entry.localDay(now.settings.boundary)) (\(entry.id))")
    }
}
