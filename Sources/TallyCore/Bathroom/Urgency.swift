/// The 0-4 urgency scale of a bladder diary (after the Patient Perception of Intensity of Urgency Scale).
public enum Urgency {
    public static let range = 0...4

    /// The words a diary shows for a grade.
    public static func label(_ grade: Int) -> String {
        switch grade {
        case 0: "No urgency"
        case 1: "Mild"
        case 2: "Moderate"
        case 3: "Severe"
        case 4: "Urge incontinence"
        default: "Unknown"
        }
    }
}
