import TallyCore

/// A choice in a select list, marked when it is the current value.
struct Option {
    let value: String
    let label: String
    let selected: Bool

    static func themes(selected: ColorTheme) -> [Option] {
        ColorTheme.allCases.map { Option(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == selected) }
    }

    static func units(selected: [DisplayUnit]) -> [Option] {
        DisplayUnit.allCases.map {
            Option(value: $0.rawValue, label: $0.rawValue.capitalized, selected: selected.contains($0))
        }
    }
}
