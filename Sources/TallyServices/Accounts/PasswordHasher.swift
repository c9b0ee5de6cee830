import Dispatch
import HummingbirdBcrypt

/// bcrypt, run off the async executors: a hash at cost 12 takes a few hundred milliseconds of CPU.
public struct PasswordHasher: Sendable {
    public let cost: UInt8

    /// Cost 12, the least the product accepts; every stored hash reads `$2b$12$...`.
    public static let standard = PasswordHasher(cost: 12)

    public init(cost: UInt8) {
        precondition((4...31).contains(cost), "bcrypt cost is 4 to 31")
        self.cost = cost
    }

    public func hash(_ password: String) async -> String {
        await offload { [cost] in Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async -> Bool {
        await offload { Bcrypt.verify(password, hash: hash) }
    }

    /// A hash of no one's password, checked when the user name is unknown so that a wrong name takes
    /// as long to refuse as a wrong password.
    static let decoy = Bcrypt.hash(SecretToken.make(), cost: 12)

    private func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
