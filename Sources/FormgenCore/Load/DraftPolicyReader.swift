import Foundation

/// Reads `drafts: false`, `drafts: true` or `drafts: {maxAge: 24h}` over inherited defaults.
struct DraftPolicyReader {
    func read(_ node: ConfigNode, over defaults: DraftPolicy) -> DraftPolicy {
        var policy = defaults
        if let flag = node.scalarText.flatMap(Self.flag) {
            policy.enabled = flag
            return policy
        }
        guard node.isMapping else {
            node.error("'drafts' must be true, false or a mapping like {maxAge: 24h}, not \(node.kindName)")
            return policy
        }
        node.warnUnknownKeys(allowed: ["enabled", "maxAge"], in: "drafts")
        if let enabled = node.bool("enabled") { policy.enabled = enabled }
        if let text = node.string("maxAge") {
            if let seconds = Self.seconds(text) { policy.maxAgeSeconds = seconds } else {
                node["maxAge"]?.error("drafts maxAge '\(text)' is not a duration: write a positive number with s, m, h or d (30m, 24h, 7d)")
            }
        }
        return policy
    }

    private static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// Seconds in `90s`, `30m`, `24h` or `7d`; nil unless a positive whole number with a unit, at most `atMostDays`.
    static func seconds(_ text: String, atMostDays: Int = 366) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = trimmed.last, let factor = ["s": 1, "m": 60, "h": 3600, "d": 86400][unit],
              let count = Int(trimmed.dropLast()), count > 0, count <= atMostDays * 86400 / factor
        else { return nil }
        return count * factor
    }
}
