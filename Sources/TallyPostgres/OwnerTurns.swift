import Foundation
import TallyCore

/// Writes of one owner from this process, one at a time, in the order they came. PostgreSQL makes them
/// take turns anyway (each holds the owner's clock row until it commits); taking turns here first means
/// each write starts from the state the one before it left (``OwnerWriteState``), so it goes as one
/// statement, where writes racing for the row would each find the state moved on and take the
/// transaction's way after a wasted statement.
final class OwnerTurns: Sendable {
    private struct Line {
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    /// Owners whose turn is taken, with the writes waiting for it.
    private let lines = LockedValue<[UUID: Line]>([:])

    /// Runs `body` in `owner`'s turn.
    func run<T: Sendable>(_ owner: UUID, _ body: () async throws -> T) async throws -> T {
        await take(owner)
        do {
            let value = try await body()
            give(owner)
            return value
        } catch {
            give(owner)
            throw error
        }
    }

    private func take(_ owner: UUID) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let free = lines.withLock { lines -> Bool in
                if lines[owner] == nil {
                    lines[owner] = Line()
                    return true
                }
                lines[owner]?.waiting.append(continuation)
                return false
            }
            if free { continuation.resume() }
        }
    }

    /// Hands the turn to the next write waiting, or frees it.
    private func give(_ owner: UUID) {
        let next = lines.withLock { lines -> CheckedContinuation<Void, Never>? in
            guard var line = lines[owner], !line.waiting.isEmpty else {
                lines[owner] = nil
                return nil
            }
            let next = line.waiting.removeFirst()
            lines[owner] = line
            return next
        }
        next?.resume()
    }
}
