/// `${VAR}` (or `${VAR:-default}`) in remote URLs and headers, filled from the environment when a request is
/// made (never written to the output or the cache).
enum EnvironmentTemplate {
    struct Missing: Error {
        var name: String
    }

    static func fill(_ text: String, from environment: [String: String]) throws -> String {
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${"), let end = rest[start.upperBound...].firstIndex(of: "}") {
            result += rest[..<start.lowerBound]
            let expression = String(rest[start.upperBound..<end])
            let parts = expression.components(separatedBy: ":-")
            let name = parts[0]
            if let value = environment[name], !value.isEmpty {
                result += value
            } else if parts.count > 1 {
                result += parts.dropFirst().joined(separator: ":-")
            } else {
                throw Missing(name: name)
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
