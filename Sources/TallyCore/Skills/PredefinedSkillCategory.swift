/// The eight categories every user has (seed 004, "Category Selection Options"), each with its colour
/// and icon. Users add their own as ``SkillCategory`` records.
public enum PredefinedSkillCategory: String, Hashable, Codable, Sendable, CaseIterable {
    case personalDevelopment = "personal-development"
    case fitness
    case learning
    case professionalGrowth = "professional-growth"
    case health
    case creativeSkills = "creative-skills"
    case mindfulness
    case custom

    public var name: String {
        switch self {
        case .personalDevelopment: "Personal Development"
        case .fitness: "Fitness"
        case .learning: "Learning"
        case .professionalGrowth: "Professional Growth"
        case .health: "Health"
        case .creativeSkills: "Creative Skills"
        case .mindfulness: "Mindfulness"
        case .custom: "Custom Category"
        }
    }

    public var colour: String {
        switch self {
        case .personalDevelopment: "#9966E6"
        case .fitness: "#E5573F"
        case .learning: "#4D99FF"
        case .professionalGrowth: "#3F51B5"
        case .health: "#2EAD6B"
        case .creativeSkills: "#E0A526"
        case .mindfulness: "#B380FF"
        case .custom: "#7A8699"
        }
    }

    public var icon: SkillIcon {
        switch self {
        case .personalDevelopment: .star
        case .fitness: .dumbbell
        case .learning: .book
        case .professionalGrowth: .briefcase
        case .health: .heart
        case .creativeSkills: .palette
        case .mindfulness: .lotus
        case .custom: .tag
        }
    }
}
