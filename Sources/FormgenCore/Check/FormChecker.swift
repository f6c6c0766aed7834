import Foundation

/// Checks a loaded site for mistakes the loaders cannot see alone: references between fields,
/// rules and data sources, contradictory limits, and rule cycles.
public struct FormChecker: Sendable {
    /// How many threads check forms.
    public var parallel: Parallel

    public init(parallel: Parallel = Parallel()) {
        self.parallel = parallel
    }

    /// Checks every form, in parallel (each form's checks read only the form; the log sorts what they say).
    /// A form whose key (a digest of what it was read from, by path in `keys`) is the one `cache` holds is not
    /// checked again: what its check said is said again. Nor is a form whose key is the one `passed` holds for it
    /// (it passed without a word from the same inputs).
    public func check(_ site: Site, log: DiagnosticLog, cache: ConfigCache? = nil, keys: [String: String] = [:],
                      passed: [String: String] = [:]) {
        let forms = site.allForms
        parallel.forEach(forms.count) { index in
            let form = forms[index]
            if let key = keys[form.path], passed[form.path] == key { cache?.keepChecked([], for: form.path, key: key); return }
            guard let cache, let key = keys[form.path] else { return check(form, log: log) }
            if let said = cache.checked(form.path, key: key) { return said.forEach(log.append) }
            let own = DiagnosticLog()
            check(form, log: own)
            cache.keepChecked(own.diagnostics, for: form.path, key: key)
            own.diagnostics.forEach(log.append)
        }
    }

    /// The names of `Object.prototype`'s members: a field named so would read as the member on the page.
    static let objectPropertyNames: Set<String> = [
        "constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
        "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
    ]

    public func check(_ form: Form, log: DiagnosticLog) {
        let fields = form.allFields
        var firstByID: [String: Field] = [:]
        for field in fields {
            if Self.objectPropertyNames.contains(field.id) {
                log.error("field id '\(field.id)' is a name every JavaScript object already has, so the page could not tell the field from it; rename the field (for example '\(field.id)_')", at: field.location)
            }
            if let first = firstByID[field.id] {
                if let owner = first.otherOf ?? field.otherOf {
                    // The config's own field, not the text field formgen adds for "Other", is where the fix goes.
                    let written = first.otherOf == nil ? first : field
                    log.error("field id '\(field.id)' is the id of the text field that 'other' on '\(owner)' adds; rename this field", at: written.location)
                } else {
                    log.error("duplicate field id '\(field.id)' (first defined at \(first.location))", at: field.location)
                }
            } else {
                firstByID[field.id] = field
            }
        }
        for field in fields where field.type == .date && field.dateStyle == .boxes {
            for part in ["day", "month", "year"] {
                if let other = firstByID["\(field.id)-\(part)"] {
                    log.error("field id '\(other.id)' is the name of a box of the date '\(field.id)' (dateStyle: boxes); rename one", at: other.location)
                }
            }
        }
        let known = firstByID.keys.sorted()
        let sources = Dictionary(form.dataSources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        var seenSources: [String: SourceLocation] = [:]
        for source in form.dataSources {
            if let first = seenSources[source.id] {
                log.error("duplicate data source id '\(source.id)' (first defined at \(first))", at: source.location)
            }
            seenSources[source.id] = source.location
            for (name, location) in zip(source.fields, source.fieldLocations) where firstByID[name] == nil {
                log.error("data source '\(source.id)' fills unknown field '\(name)'\(suggestion(name, known))", at: location)
            }
        }

        if let session = form.requiresSession, !session.checksOneOf(form.dataSources.map(\.id)) {
            log.error(session.unknownSourceMessage(among: form.dataSources.map(\.id)), at: session.checkLocation)
        }

        for field in fields {
            checkField(field, form: form, known: known, firstByID: firstByID, sources: sources, log: log)
        }

        for rule in form.rules {
            if let tested = firstByID[rule.field] {
                checkRuleValues(rule, against: tested, log: log)
            } else {
                log.error("rule tests unknown field '\(rule.field)'\(suggestion(rule.field, known))", at: rule.location)
            }
            for (target, location) in zip(rule.targets, rule.targetLocations) {
                if firstByID[target] == nil {
                    log.error("rule targets unknown field '\(target)'\(suggestion(target, known))", at: location)
                } else if target == rule.field {
                    log.error("rule on '\(rule.field)' targets the field it tests", at: location)
                }
            }
        }
        checkRuleCycles(form, log: log)
        checkRepeats(form, fields: firstByID, log: log)
        checkJourney(form, fields: firstByID, log: log)
        checkUploadLimits(form, log: log)
        checkGrids(form, fields: firstByID, log: log)
    }

    private func checkField(_ field: Field, form: Form, known: [String], firstByID: [String: Field],
                            sources: [String: DataSource], log: DiagnosticLog) {
        if let source = field.dataSource {
            if let dataSource = sources[source] {
                if !dataSource.fields.contains(field.id) {
                    log.error("field '\(field.id)' uses data source '\(source)', which does not list it in its 'fields'", at: field.location(of: "dataSource"))
                }
            } else {
                let names = sources.keys.sorted()
                log.error("field '\(field.id)' uses unknown data source '\(source)' (known: \(names.isEmpty ? "none" : knownList(names)))", at: field.location(of: "dataSource"))
            }
        }
        if let optionsSource = field.optionsSource, sources[optionsSource.dataSource] == nil {
            let names = sources.keys.sorted()
            log.error("field '\(field.id)' takes options from unknown data source '\(optionsSource.dataSource)' (known: \(names.isEmpty ? "none" : knownList(names)))", at: optionsSource.location)
        }
        switch field.type {
        case .select, .radio:
            guard field.options.isEmpty && field.optionsSource == nil && field.optionsList == nil else { break }
            log.error("field '\(field.id)' of type \(field.type.rawValue) has no 'options'", at: field.typeLocation)
        case .image where (field.src ?? "").isEmpty:
            log.error("image '\(field.id)' has no 'src'", at: field.location)
        default:
            break
        }

        var lowest: [String: (Double, SourceLocation)] = [:]
        var highest: [String: (Double, SourceLocation)] = [:]
        for rule in field.validations {
            switch rule.kind {
            case .minLength(let n): lowest["Length"] = (Double(n), rule.location)
            case .maxLength(let n): highest["Length"] = (Double(n), rule.location)
            case .minValue(let n): lowest["Value"] = (n, rule.location)
            case .maxValue(let n): highest["Value"] = (n, rule.location)
            case .maxWords where field.type != .text && field.type != .textarea:
                log.error("'maxWords' applies only to text and textarea fields; '\(field.id)' is a \(field.type.rawValue) field", at: rule.location)
            case .minDate(.fixed(let y, let m, let d)): lowest["Date"] = (Double(y * 10000 + m * 100 + d), rule.location)
            case .maxDate(.fixed(let y, let m, let d)): highest["Date"] = (Double(y * 10000 + m * 100 + d), rule.location)
            case .equalsField(let other):
                if firstByID[other] == nil {
                    log.error("field '\(field.id)' must equal unknown field '\(other)'\(suggestion(other, known))", at: rule.location)
                } else if other == field.id {
                    log.error("field '\(field.id)' must equal itself", at: rule.location)
                }
            default:
                break
            }
        }
        for (name, low) in lowest.sorted(by: { $0.key < $1.key }) {
            guard let high = highest[name], low.0 > high.0 else { continue }
            let format: (Double) -> String = { name == "Date" ? DateBound.fixedFromNumber(Int($0)) : formatNumber($0) }
            log.error("field '\(field.id)' has min\(name) \(format(low.0)) greater than max\(name) \(format(high.0))", at: low.1)
        }
    }

    /// A rule cycle: field A's value shows or hides B whose value, through rules, acts on A again.
    private func checkRuleCycles(_ form: Form, log: DiagnosticLog) {
        var edges: [String: [String]] = [:]
        var ruleAt: [String: SourceLocation] = [:]
        for rule in form.rules {
            edges[rule.field, default: []] += rule.targets
            ruleAt[rule.field] = ruleAt[rule.field] ?? rule.location
        }
        var state: [String: Int] = [:]
        var reported = Set<String>()
        func visit(_ node: String, path: [String]) {
            state[node] = 1
            for next in edges[node, default: []].sorted() where next != node {
                if state[next] == 1 {
                    let cycle = Array(path.drop(while: { $0 != next })) + [node, next]
                    let key = Set(cycle).sorted().joined(separator: ",")
                    if reported.insert(key).inserted, let location = ruleAt[next] {
                        log.error("rule cycle: \(cycle.map { "'\($0)'" }.joined(separator: " → "))", at: location)
                    }
                } else if state[next] == nil {
                    visit(next, path: path + [node])
                }
            }
            state[node] = 2
        }
        for node in edges.keys.sorted() where state[node] == nil { visit(node, path: []) }
    }

    /// A rule value the tested field can never hold: not one of its options (yes/no included), or not a number for a number field.
    func checkRuleValues(_ rule: VisibilityRule, against field: Field, log: DiagnosticLog) {
        guard rule.condition.needsValue else { return }
        let numeric = [.number, .formattednumeric].contains(field.type) && ![.greaterThan, .lessThan].contains(rule.condition)
        let options = field.optionsSource == nil ? (field.options + (field.other.map { [$0.option] } ?? [])).map(\.value) : []
        for value in rule.values {
            if numeric {
                if Double(value.trimmingCharacters(in: .whitespaces)) == nil {
                    log.warning("rule compares '\(field.id)' with '\(value)', which is not a number, so it never matches", at: rule.location)
                }
            } else if !options.isEmpty, !options.contains(value) {
                let close = options.first { $0.lowercased() == value.lowercased() } ?? closestMatch(to: value, in: options)
                let hint = close.map { " (did you mean '\($0)'?)" } ?? " (options: \(options.joined(separator: ", ")))"
                log.warning("rule value '\(value)' is not an option of '\(field.id)', so it never matches\(hint)", at: rule.location)
            }
        }
    }

    func suggestion(_ name: String, _ known: [String]) -> String {
        if let close = closestMatch(to: name, in: known) { return " (did you mean '\(close)'?)" }
        return known.isEmpty ? "" : " (known: \(knownList(known)))"
    }
}

extension DateBound {
    static func fixedFromNumber(_ number: Int) -> String {
        String(format: "%04d-%02d-%02d", number / 10000, number / 100 % 100, number % 100)
    }
}
