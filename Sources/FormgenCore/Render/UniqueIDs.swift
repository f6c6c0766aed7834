/// Heading ids made unique within a page as GitHub makes them: `base`, then `base-1`, `base-2`, … Each base
/// remembers how far it has counted, so a page of a thousand identical headings takes a thousand steps, not half a
/// million.
struct UniqueIDs {
    private var used: Set<String>
    private var nextNumber: [String: Int] = [:]

    init(reserved: Set<String> = []) {
        used = reserved
    }

    /// The first of `base`, `base-1`, `base-2`, … not given yet; it is then given.
    mutating func make(_ base: String) -> String {
        // Most bases are new: one insert both checks and gives them.
        if used.insert(base).inserted { return base }
        var number = nextNumber[base] ?? 1
        var candidate: String
        repeat {
            candidate = "\(base)-\(number)"
            number += 1
        } while used.contains(candidate)
        nextNumber[base] = number
        used.insert(candidate)
        return candidate
    }
}
