/// The total volume of a set of voids, or why there is none: every void must be measured, or the total
/// would quietly read low.
enum DiaryVolumeSum {
    static func of(_ voids: [DiaryVoid], missing: String? = nil) -> DiaryFigure {
        if let missing { return .withheld(missing, voids: voids.count) }
        guard !voids.isEmpty else { return .withheld("no voids recorded", voids: 0) }
        let unmeasured = voids.filter { !$0.isMeasured }.count
        guard unmeasured == 0 else {
            return .withheld(
                "\(unmeasured) of \(voids.count) voids have no measured volume", voids: voids.count)
        }
        return .shown(Double(voids.compactMap(\.volumeML).reduce(0, +)), voids: voids.count)
    }
}
