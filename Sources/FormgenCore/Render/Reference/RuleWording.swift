/// Validation and visibility rules in plain words, as reference-page inline content (config strings escaped).
struct RuleWording {
    let form: Form
    let fieldsByID: [String: Field]

    init(form: Form) {
        self.form = form
        fieldsByID = Dictionary(form.allFields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `*Do you have a yard?*`: a field named by its label (its id when it has none).
    func fieldName(_ id: String) -> ReferenceInline {
        guard let field = fieldsByID[id], !field.label.isEmpty else { return .code(id) }
        return .emphasis(.text(field.label))
    }

    /// What a check asks for: `at least 2 characters`, ``matches the regular expression `^\d{9}$` ``.
    func check(_ kind: ValidationRule.Kind) -> ReferenceInline {
        switch kind {
        case .required: return "Required"
        case .regex(let pattern): return "Matches the regular expression \(code: pattern)"
        case .minLength(let n): return "At least \(n) character\(n == 1 ? "" : "s")"
        case .maxLength(let n): return "At most \(n) character\(n == 1 ? "" : "s")"
        case .maxWords(let n): return "At most \(n) word\(n == 1 ? "" : "s")"
        case .minValue(let n): return "At least \(words: formatNumber(n))"
        case .maxValue(let n): return "At most \(words: formatNumber(n))"
        case .email: return "An email address"
        case .mask(let mask): return "In the format \(code: mask) (\(Self.maskLegend(mask)))"
        case .minDate(let bound): return "On or after \(words: Self.date(bound))"
        case .maxDate(let bound): return "On or before \(words: Self.date(bound))"
        case .minAge(let years): return "At least \(years) years before today (age \(years) or over)"
        case .maxAge(let years): return "At most \(years) years before today (age \(years) or under)"
        case .equalsField(let other): return "The same as \(fieldName(other))"
        }
    }

    /// `# a digit, A a letter` for the placeholders a mask uses.
    static func maskLegend(_ mask: String) -> ReferenceInline {
        var parts: [ReferenceInline] = []
        if mask.utf8.contains(UInt8(ascii: "#")) { parts.append("\(code: "#") a digit") }
        if mask.utf8.contains(UInt8(ascii: "A")) { parts.append("\(code: "A") a letter") }
        if mask.utf8.contains(UInt8(ascii: "*")) { parts.append("\(code: "*") a letter or digit") }
        return parts.joined(separator: ", ")
    }

    /// `1900-01-01`, `today`, `18 years before today`, `1 year and 6 months before today`.
    static func date(_ bound: DateBound) -> String {
        switch bound {
        case .fixed: return bound.description
        case let .relative(years, months, days):
            let parts = [(years, "year"), (months, "month"), (days, "day")].filter { $0.0 != 0 }
            guard let first = parts.first else { return "today" }
            let words = parts.map { "\(abs($0.0)) \($0.1)\(abs($0.0) == 1 ? "" : "s")" }
            let joined = words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + words.last!
            return "\(joined) \(first.0 < 0 ? "before" : "after") today"
        }
    }

    /// `*Do you have a yard?* is Yes`.
    func condition(_ rule: VisibilityRule) -> ReferenceInline {
        let subject = fieldName(rule.field)
        let values = rule.values.map { value(rule.field, $0) }
        switch rule.condition {
        case .equals: return "\(subject) is \(values.first ?? "")"
        case .notEquals: return "\(subject) is not \(values.first ?? "")"
        case .in: return "\(subject) is \(Self.list(values, "or"))"
        case .notIn: return "\(subject) is not \(Self.list(values, "or"))"
        case .empty: return "\(subject) is empty"
        case .notEmpty: return "\(subject) is filled in"
        case .greaterThan: return "\(subject) is greater than \(values.first ?? "")"
        case .lessThan: return "\(subject) is less than \(values.first ?? "")"
        }
    }

    /// A compared value, with the option's label when that differs: `phone (By phone)`.
    private func value(_ fieldID: String, _ value: String) -> ReferenceInline {
        let label = fieldsByID[fieldID]?.effectiveOptions.first { $0.value == value }?.label
        if let label, label != value { return "\(text: value) (\(text: label))" }
        return .text(value)
    }

    /// `A, B or C`.
    static func list(_ items: [ReferenceInline], _ conjunction: String) -> ReferenceInline {
        guard items.count > 1 else { return items.first ?? "" }
        return Array(items.dropLast()).joined(separator: ", ") + " \(words: conjunction) " + items.last!
    }

    /// What a rule does to one of its targets: `Shown when *Do you have a yard?* is Yes; otherwise hidden.`; for a
    /// field of a repeating section, `Shown in each item when *Kind* is other (in the same item); otherwise hidden.`
    func effect(of rule: VisibilityRule, on target: String) -> ReferenceInline {
        let owners = form.repeatOf
        guard let owner = owners[target] else { return effect(of: rule) }
        var sentence: ReferenceInline = "\(words: Self.state(rule.action).capitalisedFirst) in each item when \(condition(rule))"
        sentence += owners[rule.field] == owner ? " (in the same item)" : ""
        if let otherwise = rule.otherwise { sentence += "; otherwise \(words: Self.state(otherwise))" }
        return sentence + "."
    }

    func effect(of rule: VisibilityRule) -> ReferenceInline {
        var sentence: ReferenceInline = "\(words: Self.state(rule.action).capitalisedFirst) when \(condition(rule))"
        if let otherwise = rule.otherwise { sentence += "; otherwise \(words: Self.state(otherwise))" }
        return sentence + "."
    }

    /// A whole rule: `When *Do you have pets?* is Yes: show *Which pets?* and *Notes*; otherwise hide them.`; a rule
    /// that tests a field of a repeating section starts `In each item of the list `pets`, when …`, and an item field a
    /// rule on another field acts on is followed by `(in each item of the list `pets`)`.
    func sentence(for rule: VisibilityRule) -> ReferenceInline {
        let owners = form.repeatOf, owner = owners[rule.field]
        let targets = Self.list(rule.targets.map { target in
            guard owner == nil, let list = owners[target] else { return fieldName(target) }
            return fieldName(target) + " (in each item of the list \(code: list))"
        }, "and")
        var sentence: ReferenceInline = (owner.map { "In each item of the list \(code: $0), when " } ?? "When ")
            + "\(condition(rule)): \(words: rule.action.rawValue) \(targets)"
        if let otherwise = rule.otherwise {
            sentence += "; otherwise \(words: otherwise.rawValue) \(words: rule.targets.count == 1 ? "it" : "them")"
        }
        return sentence + "."
    }

    static func state(_ action: VisibilityRule.Action) -> String {
        switch action {
        case .show: return "shown"
        case .hide: return "hidden"
        case .require: return "required"
        case .unrequire: return "optional"
        }
    }
}

extension String {
    /// The string with its first character in upper case.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
