/// A number of bytes for people: "812 bytes", "4.2 KB", "312 MB", "4 GB" (1 KB = 1,024 bytes).
enum ByteSize {
    static func text(_ bytes: Int) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard bytes >= 1024 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = value < 10 && value.rounded() != value ? (value * 10).rounded() / 10 : value.rounded()
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number) \(units[unit])"
    }
}
