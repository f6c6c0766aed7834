import Foundation

/// Reads a field's `validation` in every shape the configs use:
///
/// - flat: `{regex: '^\d{9}$', message: 'BSN must be 9 digits'}`
/// - a map of rule to `{value, message}` (or to a bare value)
/// - a list of `{type, value, message}`
struct ValidationReader {
    /// Reads the rules; `required` comes back as a rule too, for the caller to fold into the field.
    func read(_ node: ConfigNode) -> [ValidationRule] {
        if node.isNull { return [] }
        if node.isSequence {
            return node.elements.compactMap(readListEntry)
        }
        guard node.expectMapping("'validation'") else { return [] }
        let sharedMessage = node.localized("message")
        let sharedAllowSlow = node.bool(Self.allowSlowKey) ?? false
        var rules: [ValidationRule] = []
        for entry in node.entries where entry.key != "message" && entry.key != Self.allowSlowKey {
            if entry.value.isMapping {
                entry.value.warnUnknownKeys(allowed: Self.ruleKeys, in: "validation rule '\(entry.key)'")
                let valueNode = entry.value["value"]
                if let rule = makeRule(name: entry.key, nameNode: entry.keyNode, value: valueNode,
                                       message: entry.value.localized("message") ?? sharedMessage, at: entry.keyNode.location,
                                       allowSlow: entry.value.bool(Self.allowSlowKey) ?? sharedAllowSlow) {
                    rules.append(rule)
                }
            } else if let rule = makeRule(name: entry.key, nameNode: entry.keyNode, value: entry.value,
                                          message: sharedMessage, at: entry.keyNode.location, allowSlow: sharedAllowSlow) {
                rules.append(rule)
            }
        }
        return rules
    }

    private func readListEntry(_ node: ConfigNode) -> ValidationRule? {
        guard node.expectMapping("a validation entry") else { return nil }
        node.warnUnknownKeys(allowed: ["type", "value", "message", Self.allowSlowKey], in: "validation entry")
        guard let typeNode = node["type"], let name = typeNode.scalarText else {
            node.error("validation entry is missing 'type' (one of \(ValidationRule.names.joined(separator: ", ")))")
            return nil
        }
        return makeRule(name: name, nameNode: typeNode, value: node["value"], message: node.localized("message"), at: node.location,
                        allowSlow: node.bool(Self.allowSlowKey) ?? false)
    }

    /// The keys of a rule written as a mapping (`maxLength: {value: 60, message: …}`).
    static let ruleKeys: Set<String> = ["value", "message", allowSlowKey]

    /// The key that accepts a regex the slow-pattern check flags (then a warning instead of an error).
    static let allowSlowKey = "allowSlowRegex"

    private func makeRule(name: String, nameNode: ConfigNode, value: ConfigNode?, message: (text: String, translations: [String: String])?,
                          at location: SourceLocation, allowSlow: Bool = false) -> ValidationRule? {
        func need<T>(_ parse: (ConfigNode) -> T?, _ what: String) -> T? {
            guard let value, !value.isNull else {
                nameNode.error("validation '\(name)' needs a value (\(what))")
                return nil
            }
            guard let parsed = parse(value) else {
                value.error("validation '\(name)' expects \(what), found \(value.kindName)")
                return nil
            }
            return parsed
        }
        func flag() -> Bool? {
            guard let value, !value.isNull else { return true }
            switch value.scalarText?.lowercased() {
            case "true", "yes": return true
            case "false", "no": return false
            default:
                value.error("validation '\(name)' expects true or false, found \(value.kindName)")
                return nil
            }
        }
        let kind: ValidationRule.Kind
        switch name {
        case "required":
            guard let on = flag(), on else { return nil }
            kind = .required
        case "email":
            guard let on = flag(), on else { return nil }
            kind = .email
        case "regex", "pattern":
            guard let pattern = need({ $0.scalarText }, "a regular expression") else { return nil }
            let verdict = PatternVerdicts.shared.verdict(on: pattern)
            if let problem = verdict.syntax {
                value?.error("invalid regex '\(pattern)': \(problem)")
                return nil
            }
            if let slow = verdict.slow {
                if allowSlow {
                    value?.warning("slow regex '\(pattern)' accepted by allowSlowRegex: \(slow)")
                } else {
                    value?.error("slow regex '\(pattern)': \(slow); rewrite it, or set allowSlowRegex: true on the rule to accept the risk")
                    return nil
                }
            }
            kind = .regex(pattern)
        case "minLength", "maxLength":
            guard let number = need({ $0.intValue.flatMap { $0 >= 0 ? $0 : nil } }, "a whole number of 0 or more") else { return nil }
            kind = name == "minLength" ? .minLength(number) : .maxLength(number)
        case "maxWords":
            guard let number = need({ $0.intValue.flatMap { $0 >= 1 ? $0 : nil } }, "a whole number of 1 or more") else { return nil }
            kind = .maxWords(number)
        case "minValue", "maxValue", "min", "max":
            guard let number = need({ $0.doubleValue }, "a number") else { return nil }
            kind = name.hasPrefix("min") ? .minValue(number) : .maxValue(number)
        case "mask":
            guard let mask = need({ $0.scalarText.flatMap { Mask.isValid($0) ? $0 : nil } }, "a mask using # for a digit, A for a letter and * for either") else { return nil }
            kind = .mask(mask)
        case "minDate", "maxDate":
            guard let bound = need({ $0.scalarText.flatMap(DateBound.init) }, "a date such as 2000-01-31, 'today' or '-18y'") else { return nil }
            kind = name == "minDate" ? .minDate(bound) : .maxDate(bound)
        case "minAge", "maxAge":
            guard let years = need({ $0.intValue.flatMap { $0 >= 0 ? $0 : nil } }, "a whole number of years") else { return nil }
            kind = name == "minAge" ? .minAge(years) : .maxAge(years)
        case "equalsField":
            guard let other = need({ $0.scalarText }, "the id of another field") else { return nil }
            kind = .equalsField(other)
        default:
            var text = "unknown validation '\(name)'"
            if let suggestion = closestMatch(to: name, in: ValidationRule.names) {
                text += " (did you mean '\(suggestion)'?)"
            } else {
                text += " (known: \(ValidationRule.names.joined(separator: ", ")))"
            }
            nameNode.error(text)
            return nil
        }
        return ValidationRule(kind, message: message?.text, translations: message?.translations ?? [:], at: location)
    }
}
