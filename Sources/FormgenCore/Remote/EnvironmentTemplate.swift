/// `${VAR}` in remote URLs and headers, filled from the environment when a request is made (never written
/// to the output or the cache).
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
            let name = String(rest[start.upperBound..<end])
            guard let value = environment[name] else { throw Missing(name: name) }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
