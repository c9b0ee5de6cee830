/// Lets the store's options come before the subcommand, as people type them (`tally --data-dir X water
/// today`): the parser knows them only on the commands that open a store, so they are moved after the
/// subcommand's words (before a `--`, if there is one).
public enum StoreOptionsFirst {
    static let names = ["--data-dir", "--database"]

    public static func arranged(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if names.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if names.contains(where: { first.hasPrefix($0 + "=") }) {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var result = Array(rest)
        let end = result.firstIndex(of: "--") ?? result.endIndex
        result.insert(contentsOf: leading, at: end)
        return result
    }
}
