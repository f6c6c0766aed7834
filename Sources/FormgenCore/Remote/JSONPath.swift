/// The small JSONPath subset `items:` takes: `$`, then `.key` and `[n]` steps (`$.data[0].rates`).
struct JSONPath: Sendable, Hashable {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    var steps: [Step]

    /// Nil when `text` is not such a path.
    init?(_ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        steps = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                steps.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0 else { return nil }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            } else {
                return nil
            }
        }
    }

    /// The value the path points at, or nil when a step finds nothing.
    func resolve(in value: JSONValue) -> JSONValue? {
        var current = value
        for step in steps {
            switch (step, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
