import Foundation

/// Reads `remote:` of `site.yaml`: forms and option lists to fetch at build time.
struct RemoteSourcesReader {
    static let keys: Set<String> = ["forms", "lists", "images", "connectTimeout", "timeout"]
    static let requestKeys: Set<String> = ["url", "id", "maxAge", "headers"]
    static let listKeys: Set<String> = requestKeys.union(["items", "value", "label", "dropIf"])

    func read(_ node: ConfigNode) -> RemoteSources {
        var sources = RemoteSources()
        guard node.expectMapping("'remote'") else { return sources }
        sources.declared = true
        node.warnUnknownKeys(allowed: Self.keys, in: "'remote'")
        if let images = node.bool("images") { sources.images = images }
        if let seconds = duration(node, "connectTimeout", atMost: Self.longestTimeout) { sources.timeouts.connect = seconds }
        if let seconds = duration(node, "timeout", atMost: Self.longestTimeout) { sources.timeouts.request = seconds }
        for item in node["forms"].flatMap({ $0.isNull ? nil : $0.expectSequence("'remote.forms'") }) ?? [] {
            guard item.expectMapping("a remote form"), let request = request(item, in: "remote form") else { continue }
            let id = item.string("id") ?? Self.defaultID(for: request.url)
            guard FieldReader.isValidID(id) else {
                (item["id"] ?? item["url"] ?? item).error("remote form id '\(id)' must start with a letter and hold only letters, digits, '-' and '_'; set 'id'")
                continue
            }
            sources.forms.append(RemoteForm(request: request, id: id))
        }
        for item in node["lists"].flatMap({ $0.isNull ? nil : $0.expectSequence("'remote.lists'") }) ?? [] {
            guard item.expectMapping("a remote list") else { continue }
            item.warnUnknownKeys(allowed: Self.listKeys, in: "remote list")
            guard let request = request(item, in: nil) else { continue }
            guard let id = item.string("id") else {
                item.error("remote list is missing 'id' (the name 'optionsFrom: {list: …}' uses)")
                continue
            }
            guard let valueKey = item.string("value") else {
                item.error("remote list '\(id)' is missing 'value' (the key of each item's value)")
                continue
            }
            var list = RemoteList(request: request, id: id, valueKey: valueKey, label: item.string("label"))
            if let items = item.string("items") {
                if JSONPath(items) == nil {
                    item["items"]?.error("'items' must be a path like $, $.rates or $.data[0].rates")
                } else {
                    list.items = items
                }
            }
            if let drop = item["dropIf"], !drop.isNull { list.dropIf = Self.dropRule(drop) }
            sources.lists.append(list)
        }
        return sources
    }

    private func request(_ item: ConfigNode, in what: String?) -> RemoteRequest? {
        if let what { item.warnUnknownKeys(allowed: Self.requestKeys, in: what) }
        guard let url = item.string("url") else {
            item.error("remote source is missing 'url'")
            return nil
        }
        let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        guard url.hasPrefix("${") || ["http", "https"].contains(scheme) && url.contains("://") else {
            item["url"]?.error("remote source URL must start with https://, http:// or an environment variable (${ORIGIN}/…), found '\(url)'")
            return nil
        }
        if !url.hasPrefix("${"), ConfigURL.origin(of: url) == nil {
            item["url"]?.error("remote source URL '\(url)' is refused: \(ConfigURL.Refusal.host)")
            return nil
        }
        var request = RemoteRequest(url: url, location: item.location)
        if let seconds = duration(item, "maxAge", atMost: Self.longestMaxAge) { request.maxAge = seconds }
        if let headers = item["headers"], !headers.isNull, headers.expectMapping("'headers'") {
            for entry in headers.entries {
                guard let value = entry.value.scalarText else {
                    entry.value.error("header '\(entry.key)' must be text")
                    continue
                }
                request.headers[entry.key] = value
            }
        }
        return request
    }

    /// The longest connect or request timeout (10 minutes).
    static let longestTimeout: Double = 600
    /// The longest a cached copy may be kept without asking again (10 years).
    static let longestMaxAge: Double = 3650 * 86400

    /// Seconds from `30`, `45s`, `10m`, `1h` or `2d`, at most `limit`; an error for anything else.
    private func duration(_ node: ConfigNode, _ key: String, atMost limit: Double) -> Double? {
        guard let value = node[key], !value.isNull, let text = value.scalarText else { return nil }
        guard let seconds = Self.seconds(text) else {
            value.error("'\(key)' must be a duration like 30s, 10m, 1h or 2d, found '\(text)'")
            return nil
        }
        guard seconds <= limit else {
            value.error("'\(key)' must be at most \(Messages.duration(seconds: Int(limit), language: "en")), found '\(text)'")
            return nil
        }
        return seconds
    }

    /// Seconds from a decimal number (`30`, `1.5`) and an optional unit `s`, `m`, `h` or `d`; nil for anything
    /// else, a negative number, or one too large to be finite.
    static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [UInt8: Double] = [UInt8(ascii: "s"): 1, UInt8(ascii: "m"): 60, UInt8(ascii: "h"): 3600, UInt8(ascii: "d"): 86400]
        var number = Substring(trimmed), scale = 1.0
        if let last = trimmed.utf8.last, let unit = units[last] {
            number = number.dropLast()
            scale = unit
        }
        guard let value = FieldValue.decimal(String(number)), value >= 0, (value * scale).isFinite else { return nil }
        return value * scale
    }

    /// The URL's last path segment without its extension (`…/inspection.json?x=1` → `inspection`).
    static func defaultID(for url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        return slug(FileStem.of(path))
    }

    /// `dropIf: {key: valMid, in: [0, null, ""]}`.
    static func dropRule(_ node: ConfigNode) -> DropRule? {
        guard node.expectMapping("'dropIf'") else { return nil }
        node.warnUnknownKeys(allowed: ["key", "in"], in: "'dropIf'")
        guard let key = node.string("key") else {
            node.error("'dropIf' is missing 'key'")
            return nil
        }
        guard let values = node["in"]?.expectSequence("'dropIf.in'") else {
            node.error("'dropIf' is missing 'in' (the values that drop an entry)")
            return nil
        }
        return DropRule(key: key, values: values.map(\.jsonScalar))
    }
}

extension ConfigNode {
    /// A scalar as JSON would read it: plain `null`/`~`/empty → null, `true`/`false`, numbers; quoted → text.
    var jsonScalar: JSONValue {
        guard let text = scalarText else { return .null }
        if !isPlainScalar { return .string(text) }
        if isNull { return .null }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = Double(text) { return .number(number) }
        return .string(text)
    }
}
