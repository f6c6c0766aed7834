/// Reads a section's `repeat: {min, max, itemLabel, addLabel, removeLabel}` (or `repeat: true`); the labels may be
/// written per language like any text.
struct RepeatReader {
    static let keys: Set<String> = ["min", "max", "itemLabel", "addLabel", "removeLabel"]

    /// The policy, or nil when `repeat` is `false`; errors for impossible counts.
    func read(_ node: ConfigNode) -> RepeatPolicy? {
        var policy = RepeatPolicy(at: node.location)
        if let flag = node.scalarText {
            if flag == "true" { return policy }
            if flag == "false" { return nil }
            node.error("expected 'repeat' to be a mapping ({min, max, itemLabel, addLabel, removeLabel}) or true, found '\(flag)'")
            return nil
        }
        guard node.expectMapping("'repeat'") else { return nil }
        node.warnUnknownKeys(allowed: Self.keys, in: "repeat")
        if let min = node.int("min") {
            if min < 0 { node["min"]?.error("repeat 'min' must be 0 or more, found \(min)") } else { policy.min = min }
        }
        if let max = node.int("max") {
            if max < 1 { node["max"]?.error("repeat 'max' must be 1 or more, found \(max)") } else { policy.max = max }
        }
        if let max = policy.max, policy.min > max {
            node["min"]?.error("repeat 'min' (\(policy.min)) is greater than 'max' (\(max))")
        }
        policy.itemLabel = node.text("itemLabel")
        policy.addLabel = node.text("addLabel")
        policy.removeLabel = node.text("removeLabel")
        return policy
    }
}
