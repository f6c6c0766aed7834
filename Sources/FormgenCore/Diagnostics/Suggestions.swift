/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let lowered = Array(word.lowercased())
    let limit = min(max(2, word.count / 3), word.count - 1)
    // The distance is at least the difference in length: a candidate further off than the limit cannot be
    // suggested, and skipping it keeps a 200,000-character typo from costing seconds.
    let scored = candidates.compactMap { candidate -> (String, Int)? in
        let other = Array(candidate.lowercased())
        guard abs(other.count - lowered.count) <= limit else { return nil }
        return (candidate, editDistance(lowered, other))
    }
    guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    return best.1 <= limit ? best.0 : nil
}

func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a), Array(b))
}

/// Levenshtein distance, in two rows.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// `unknown condition 'eqals' (did you mean 'equals'?)`, or the list of known names.
func unknownMessage(_ what: String, _ name: String, _ known: [String]) -> String {
    if let suggestion = closestMatch(to: name, in: known) {
        return "unknown \(what) '\(name)' (did you mean '\(suggestion)'?)"
    }
    return "unknown \(what) '\(name)' (known: \(known.joined(separator: ", ")))"
}
