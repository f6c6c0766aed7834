/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo. Candidates are
/// compared on their lower-cased Unicode scalars with a banded distance that stops as soon as a candidate cannot be
/// within the limit, so a form of 8,000 fields with 8,000 wrong references checks in well under a second.
func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    let limit = min(max(2, lowered.count / 3), lowered.count - 1)
    guard limit >= 0 else { return nil }
    var distances = BandedDistance(limit: limit)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        // The distance is at least the difference in length: a candidate further off than the limit cannot be
        // suggested, and skipping it keeps a 200,000-character typo from costing seconds.
        let length = candidate.unicodeScalars.count
        guard abs(length - lowered.count) <= limit else { continue }
        guard let distance = distances.distance(lowered, Array(candidate.lowercased().unicodeScalars)) else { continue }
        if best == nil || (distance, candidate) < (best!.distance, best!.candidate) { best = (candidate, distance) }
    }
    return best?.candidate
}

/// Levenshtein distance.
func editDistance(_ a: String, _ b: String) -> Int {
    var distances = BandedDistance(limit: max(a.unicodeScalars.count, b.unicodeScalars.count))
    return distances.distance(Array(a.unicodeScalars), Array(b.unicodeScalars)) ?? 0
}

/// Levenshtein distances up to a limit, in two rows kept between calls; only the cells within `limit` of the diagonal
/// are computed, and a pair is given up as soon as a whole row is past the limit.
struct BandedDistance {
    let limit: Int
    private var previous: [Int] = []
    private var current: [Int] = []

    init(limit: Int) { self.limit = limit }

    /// The distance between `a` and `b`, or nil when it is more than `limit`.
    mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let beyond = limit + 1
        if previous.count < b.count + 1 {
            previous = Array(repeating: 0, count: b.count + 1)
            current = previous
        }
        for j in 0...b.count { previous[j] = j <= limit ? j : beyond }
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = i <= limit ? i : beyond
            if low > 1 { current[low - 1] = beyond }
            var rowMinimum = current[0]
            for j in low...high {
                let value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                current[j] = min(value, beyond)
                rowMinimum = min(rowMinimum, current[j])
            }
            if high < b.count { current[high + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

/// `unknown condition 'eqals' (did you mean 'equals'?)`, or the known names (the first twenty, when there are more).
func unknownMessage(_ what: String, _ name: String, _ known: [String]) -> String {
    if let suggestion = closestMatch(to: name, in: known) {
        return "unknown \(what) '\(name)' (did you mean '\(suggestion)'?)"
    }
    return "unknown \(what) '\(name)' (known: \(knownList(known)))"
}

/// Names as a diagnostic lists them: all of them up to twenty, else the first twenty and how many more.
func knownList(_ names: [String]) -> String {
    guard names.count > 20 else { return names.joined(separator: ", ") }
    return names.prefix(20).joined(separator: ", ") + ", … and \(names.count - 20) more"
}
