import Foundation

/// Reads `configs/mocks/mocks.yaml` through the same bounded reader and positioned nodes as every config: every
/// problem a located diagnostic, unknown keys warnings with a did-you-mean.
public enum MockConfigReader {
    static let settingKeys: Set<String> = ["delay", "status", "failFirst", "body", "cases", "setCookie", "clearCookie"]
    static let caseKeys: Set<String> = ["when", "status", "body", "setCookie", "clearCookie"]
    static let cookieKeys: Set<String> = ["name", "value", "httpOnly", "sameSite", "path", "maxAge"]

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
        settings.setCookies = readSetCookies(node)
        settings.clearCookies = readClearCookies(node)
        return settings
    }

    /// `setCookie: {name, value, httpOnly, sameSite, path, maxAge}`, or a list of them.
    private static func readSetCookies(_ node: ConfigNode) -> [MockCookie] {
        guard let value = node["setCookie"], !value.isNull else { return [] }
        let items = value.isSequence ? value.elements : [value]
        return items.compactMap { item in
            guard item.isMapping else {
                item.error("'setCookie' must be a mapping like {name: session, value: abc} (or a list of them), not \(item.kindName)")
                return nil
            }
            item.warnUnknownKeys(allowed: cookieKeys, in: "setCookie")
            guard let name = item.string("name"), MockCookie.isName(name) else {
                (item["name"] ?? item).error("a cookie needs a 'name' of letters, digits and !#$%&'*+-.^_`|~")
                return nil
            }
            let text = item.string("value") ?? ""
            guard MockCookie.isValue(text) else {
                (item["value"] ?? item).error("cookie '\(name)' has a value with a space, a quote, a comma, a semicolon or a backslash")
                return nil
            }
            var cookie = MockCookie(name: name, value: text)
            if let httpOnly = item.bool("httpOnly") { cookie.httpOnly = httpOnly }
            if let sameSite = item.string("sameSite") {
                if let known = ["Strict", "Lax", "None"].first(where: { $0.lowercased() == sameSite.lowercased() }) { cookie.sameSite = known } else {
                    item["sameSite"]?.error("unknown sameSite '\(sameSite)' (known: Strict, Lax, None)")
                }
            }
            if let path = item.string("path") {
                if path.hasPrefix("/"), MockCookie.isValue(path) { cookie.path = path } else {
                    item["path"]?.error("a cookie's 'path' is a request path starting with '/'")
                }
            }
            cookie.maxAge = number(item, "maxAge", in: 0...31_536_000)
            return cookie
        }
    }

    /// `clearCookie: NAME`, or a list of names.
    private static func readClearCookies(_ node: ConfigNode) -> [String] {
        guard let names = node.stringList("clearCookie") else { return [] }
        return names.filter { name in
            guard MockCookie.isName(name) else {
                node["clearCookie"]?.error("'clearCookie' names a cookie: letters, digits and !#$%&'*+-.^_`|~, not '\(name)'")
                return false
            }
            return true
        }
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
            var answer = MockCase(when: [:], status: number(item, "status", in: 100...599), body: item["body"].map { $0.jsonValue.jsonText() },
                                  setCookies: readSetCookies(item), clearCookies: readClearCookies(item))
            guard let when = item["when"], when.isMapping, !when.entries.isEmpty else {
                (item["when"] ?? item).error(item.has("when") ? "'when' must map field names to the values that choose this case" : "a case needs 'when'")
                cases.append(answer)
                continue
            }
            for entry in when.entries {
                if entry.key == "cookie", entry.value.isMapping {
                    for cookie in entry.value.entries {
                        guard let text = cookie.value.scalarText else {
                            cookie.value.error("'when: {cookie: …}' maps cookie names to the values that choose this case")
                            continue
                        }
                        answer.cookies[cookie.key] = text
                    }
                    continue
                }
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
