extension ArraySlice<UInt8> {
    /// The index just past the first occurrence of `needle` at or after `start`, or nil when there is none.
    func endOfFirst(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= endIndex - needle.count else { return nil }
        var index = start
        while let candidate = self[index...].firstIndex(of: first), candidate + needle.count <= endIndex {
            if self[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate + needle.count }
            index = candidate + 1
        }
        return nil
    }
}
