import FormgenCore
import Foundation
import Yams

/// The contents of `mocks.yaml`.
public struct MockConfig: Sendable, Equatable {
    public var defaults = MockSettings()
    public var endpoints: [String: MockSettings] = [:]

    public init(defaults: MockSettings = MockSettings(), endpoints: [String: MockSettings] = [:]) {
        self.defaults = defaults
        self.endpoints = endpoints
    }

    /// The settings for a request path.
    public func settings(for path: String) -> MockSettings {
        defaults.merged(with: endpoints[path])
    }

    private static let settingKeys = ["delay", "status", "failFirst", "body", "cases"]

    /// Reads `mocks.yaml`; every problem is a located diagnostic.
    public static func parse(_ text: String, file: String) -> (MockConfig, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func error(_ message: String, _ node: Node?) {
            let mark = node?.mark
            diagnostics.append(Diagnostic(.error, at: SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1), message))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let yamlError as YamlError {
            error("\(yamlError)".split(separator: "\n").first.map(String.init) ?? "not valid YAML", nil)
            return (MockConfig(), diagnostics)
        } catch {
            diagnostics.append(Diagnostic(.error, at: SourceLocation(file: file, line: 1, column: 1), "not valid YAML"))
            return (MockConfig(), diagnostics)
        }
        guard let root else { return (MockConfig(), diagnostics) }
        guard let mapping = root.mapping else {
            error("mocks.yaml must be a mapping of settings and 'endpoints'", root)
            return (MockConfig(), diagnostics)
        }
        var config = MockConfig()
        var defaults: [(Node, Node)] = []
        for (key, value) in mapping {
            switch key.string {
            case "endpoints":
                guard let endpoints = value.mapping else {
                    error("'endpoints' must map request paths (/api/…) to settings", value)
                    continue
                }
                for (path, settings) in endpoints {
                    guard let name = path.string, name.hasPrefix("/") else {
                        error("an endpoint is a request path starting with '/'", path)
                        continue
                    }
                    guard let pairs = settings.mapping else {
                        error("the settings of '\(name)' must be a mapping (\(settingKeys.joined(separator: ", ")))", settings)
                        continue
                    }
                    config.endpoints[name] = read(Array(pairs), error: error)
                }
            case let name? where settingKeys.contains(name):
                defaults.append((key, value))
            default:
                error("unknown key '\(key.string ?? "?")' in mocks.yaml (known: \((settingKeys + ["endpoints"]).joined(separator: ", ")))", key)
            }
        }
        config.defaults = read(defaults, error: error)
        return (config, diagnostics)
    }

    private static func read(_ pairs: [(Node, Node)], error: (String, Node?) -> Void) -> MockSettings {
        var settings = MockSettings()
        func number(_ value: Node, _ name: String, in range: ClosedRange<Int>) -> Int? {
            guard let number = value.int, range.contains(number) else {
                error("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)", value)
                return nil
            }
            return number
        }
        for (key, value) in pairs {
            switch key.string {
            case "delay": settings.delay = number(value, "delay", in: 0...60_000)
            case "status": settings.status = number(value, "status", in: 100...599)
            case "failFirst": settings.failFirst = number(value, "failFirst", in: 0...1_000_000)
            case "body": settings.body = json(value)
            case "cases": settings.cases = cases(value, number: number, error: error)
            default: error("unknown mock setting '\(key.string ?? "?")' (known: \(settingKeys.joined(separator: ", ")))", key)
            }
        }
        return settings
    }

    private static func cases(_ node: Node, number: (Node, String, ClosedRange<Int>) -> Int?,
                              error: (String, Node?) -> Void) -> [MockCase] {
        guard let items = node.sequence else {
            error("'cases' must be a list of {when: {field: value}, status, body}", node)
            return []
        }
        var cases: [MockCase] = []
        for item in items {
            guard let pairs = item.mapping else {
                error("a case must be a mapping with 'when' and 'status' or 'body'", item)
                continue
            }
            var answer = MockCase(when: [:])
            var hasWhen = false
            for (key, value) in pairs {
                switch key.string {
                case "when":
                    guard let fields = value.mapping, !fields.isEmpty else {
                        error("'when' must map field names to the values that choose this case", value)
                        continue
                    }
                    hasWhen = true
                    for (field, expected) in fields {
                        guard let name = field.string, let text = expected.scalar?.string else {
                            error("'when' values must be plain values (text, numbers, true/false)", expected)
                            continue
                        }
                        answer.when[name] = text
                    }
                case "status": answer.status = number(value, "status", 100...599)
                case "body": answer.body = json(value)
                default: error("unknown case key '\(key.string ?? "?")' (known: when, status, body)", key)
                }
            }
            if !hasWhen { error("a case needs 'when'", item) }
            cases.append(answer)
        }
        return cases
    }

    /// A YAML value as JSON text.
    static func json(_ node: Node) -> String {
        let object = plain(node)
        guard JSONSerialization.isValidJSONObject([object]),
              let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func plain(_ node: Node) -> Any {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if let bool = node.bool { return bool }
                if let int = node.int { return int }
                if let double = node.float { return double }
                if node.null != nil { return NSNull() }
            }
            return scalar.string
        case .mapping(let mapping):
            var object: [String: Any] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = plain(value) }
            return object
        case .sequence(let sequence):
            return sequence.map(plain)
        case .alias:
            return NSNull()
        }
    }
}

extension MockConfig {
    /// A flat object of strings as JSON text.
    static func jsonObject(_ object: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
