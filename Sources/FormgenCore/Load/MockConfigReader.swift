import Foundation

/// Reads `configs/mocks/mocks.yaml` through the same bounded reader and positioned nodes as every config: every
/// problem a located diagnostic, unknown keys warnings with a did-you-mean.
public enum MockConfigReader {
    static let settingKeys: Set<String> = ["delay", "status", "failFirst", "body", "cases"]
    static let caseKeys: Set<String> = ["when", "status", "body"]

    /// The mocks a text describes, and what is wrong in it.
    public static func parse(_ text: String, file: String) -> (MockConfig, [Diagnostic]) {
        let log = DiagnosticLog()
        guard let root = ConfigFile.parse(text: text, file: file, log: log) else { return (MockConfig(), log.diagnostics) }
        root.warnUnknownKeys(allowed: settingKeys.union(["endpoints"]), in: "mocks.yaml")
        var config = MockConfig(defaults: settings(root))
        if let endpoints = root["endpoints"], !endpoints.isNull {
            if endpoints.isMapping {
                for entry in endpoints.entries {
                    guard entry.key.hasPrefix("/") else {
                        entry.keyNode.error("an endpoint is a request path starting with '/'")
                        continue
                    }
                    guard entry.value.isMapping else {
                        entry.value.error("the settings of '\(entry.key)' must be a mapping (\(settingKeys.sorted().joined(separator: ", ")))")
                        continue
                    }
                    entry.value.warnUnknownKeys(allowed: settingKeys, in: "the settings of '\(entry.key)'")
                    config.endpoints[entry.key] = settings(entry.value)
                }
            } else {
                endpoints.error("'endpoints' must map request paths (/api/…) to settings")
            }
        }
        return (config, log.diagnostics)
    }

    private static func settings(_ node: ConfigNode) -> MockSettings {
        var settings = MockSettings()
        settings.delay = number(node, "delay", in: 0...60_000)
        settings.status = number(node, "status", in: 100...599)
        settings.failFirst = number(node, "failFirst", in: 0...1_000_000)
        if let body = node["body"] { settings.body = body.jsonValue.jsonText() }
        if let cases = node["cases"], !cases.isNull { settings.cases = readCases(cases) }
        return settings
    }

    private static func number(_ node: ConfigNode, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = node[key], !value.isNull else { return nil }
        guard let number = value.intValue, range.contains(number) else {
            value.error("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return number
    }

    private static func readCases(_ node: ConfigNode) -> [MockCase] {
        guard let items = node.expectSequence("'cases' (a list of {when: {field: value}, status, body})") else { return [] }
        var cases: [MockCase] = []
        for item in items {
            guard item.isMapping else {
                item.error("a case must be a mapping with 'when' and 'status' or 'body'")
                continue
            }
            item.warnUnknownKeys(allowed: caseKeys, in: "a mock case")
            var answer = MockCase(when: [:], status: number(item, "status", in: 100...599), body: item["body"].map { $0.jsonValue.jsonText() })
            guard let when = item["when"], when.isMapping, !when.entries.isEmpty else {
                (item["when"] ?? item).error(item.has("when") ? "'when' must map field names to the values that choose this case" : "a case needs 'when'")
                cases.append(answer)
                continue
            }
            for entry in when.entries {
                guard let text = entry.value.scalarText else {
                    entry.value.error("'when' values must be plain values (text, numbers, true/false)")
                    continue
                }
                answer.when[entry.key] = text
            }
            cases.append(answer)
        }
        return cases
    }
}

extension ConfigNode {
    /// The node as JSON reads it: mappings objects, sequences arrays, scalars as ``jsonScalar`` reads them.
    var jsonValue: JSONValue {
        if isMapping { return .object(Dictionary(entries.map { ($0.key, $0.value.jsonValue) }, uniquingKeysWith: { first, _ in first })) }
        if isSequence { return .array(elements.map(\.jsonValue)) }
        return jsonScalar
    }
}
