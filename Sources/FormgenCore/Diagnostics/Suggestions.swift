/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
    return best.1 <= max(2, word.count / 3) && best.1 < word.count ? best.0 : nil
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
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
