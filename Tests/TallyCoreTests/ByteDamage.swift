@testable import TallyCore

/// Damage for the tests that hold a fast reader to its decoder: one byte of JSON replaced, removed or
/// inserted, picked from the characters JSON is made of.
enum ByteDamage {
    static let alphabet = Array("{}[]:,\"\\0123456789.-+eEtrufalsn ".utf8)

    static func damaged(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var damaged = bytes
        let place = Int.random(in: 0..<damaged.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: damaged[place] = alphabet.randomElement(using: &generator)!
        case 1: damaged.remove(at: place)
        default: damaged.insert(alphabet.randomElement(using: &generator)!, at: place)
        }
        return damaged
    }
}
