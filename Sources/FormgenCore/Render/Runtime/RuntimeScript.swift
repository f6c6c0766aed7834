import Foundation

/// The browser runtime of a theme: its ES modules (`assets/runtime/*.js`), joined per page into one inline script
/// that holds only the modules the page's spec uses.
///
/// The join: starting at `main`, modules are taken in ES module evaluation order (depth first, imports in the order
/// they are written, each module after what it imports and once), optional modules the page does not use are left out,
/// and the bodies (see ``RuntimeModule``) go one after the other into `(function(){"use strict"; … })();`.
/// A whole `assets/formgen.js` in a site's templates replaces the modular runtime on every page.
public struct RuntimeScript: Sendable {
    /// One page's script and its Content-Security-Policy source.
    public struct PageScript: Sendable, Hashable {
        public let text: String
        public let cspSource: String
        /// The interface texts (``Messages/runtimeKeys``) the script reads, as `.key` or `["key"]`; nil when unknown
        /// (a whole-runtime override), and then the page gets them all.
        public var messageKeys: Set<String>? = nil

        /// The script of joined modules, with the interface texts it reads.
        init(joined text: String) {
            self.text = text
            cspSource = SHA256.cspSource(for: text)
            let bytes = Array(text.utf8)
            messageKeys = Messages.runtimeKeys.filter { key in
                Self.contains(bytes, Array(".\(key)".utf8), endingWord: true) || Self.contains(bytes, Array("\"\(key)\"".utf8), endingWord: false)
            }
        }

        init(text: String, cspSource: String) {
            self.text = text
            self.cspSource = cspSource
        }

        /// Whether `needle` occurs in `bytes` (followed by no identifier byte when `endingWord`), compared in place with
        /// `memcmp` where the first byte matches: a slice copied at every candidate was a quarter of a one-form
        /// rebuild's first page.
        private static func contains(_ bytes: [UInt8], _ needle: [UInt8], endingWord: Bool) -> Bool {
            guard let first = needle.first, needle.count <= bytes.count else { return false }
            return bytes.withUnsafeBytes { haystack in
                needle.withUnsafeBytes { wanted in
                    for start in 0...(haystack.count - wanted.count) where haystack[start] == first
                        && memcmp(haystack.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0 {
                        let end = start + wanted.count
                        if !endingWord || end == haystack.count || !Self.isIdentifierByte(haystack[end]) { return true }
                    }
                    return false
                }
            }
        }

        private static func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f || byte == 0x24
        }
    }

    /// The optional modules formgen chooses per page; any other optional import is always joined.
    public static let optionalModules = ["bounds", "choice", "chosen", "compare", "conditions", "count", "data", "datebox", "drafts", "expose", "files", "filetypes", "frame", "grid", "journey", "mask", "multipart", "offsets", "operators", "options", "prefill", "readonly", "ready", "repeat", "scale", "search", "send", "session", "wizard"]
    static let entry = "main"
    /// The entry of a data page's script (`data.js`): it joins what it imports, never `main`.
    static let dataEntry = "data"

    public let modules: [String: RuntimeModule]
    /// A site's whole-runtime override (`assets/formgen.js`), used as written.
    public let whole: String?
    private let scripts = ScriptCache()

    /// No script at all: no modules, or an empty whole-runtime override.
    public var isEmpty: Bool { whole.map(\.isEmpty) ?? modules.isEmpty }

    public init(modules: [String: RuntimeModule], whole: String? = nil) {
        self.modules = modules
        self.whole = whole
    }

    /// Joined scripts by their set of optional modules, made when a page first needs one.
    private final class ScriptCache: @unchecked Sendable {
        private let lock = NSLock()
        private var scripts: [Set<String>: PageScript] = [:]

        func script(for used: Set<String>, make: () -> PageScript) -> PageScript {
            lock.lock()
            defer { lock.unlock() }
            if let known = scripts[used] { return known }
            let script = make()
            scripts[used] = script
            return script
        }
    }

    /// The runtime's modules from a theme's texts (keyed `assets/runtime/NAME.js`, minified forms under
    /// `assets/runtime/min/`); a module that cannot be joined is an error at its line, in `paths[key]`.
    static func load(texts: [String: String], paths: [String: String], log: DiagnosticLog) -> RuntimeScript {
        if let whole = texts["assets/formgen.js"] { return RuntimeScript(modules: [:], whole: whole) }
        let prefix = "assets/runtime/"
        var modules: [String: RuntimeModule] = [:]
        var unreadable: Set<String> = []
        // Each source's SHA-256, computed once: the minified module's header and the runtime's digest both name it.
        var sourceDigests: [String: String] = [:]
        for (key, source) in texts.sorted(by: { $0.key < $1.key }) where key.hasPrefix(prefix) && key.hasSuffix(".js") {
            let file = key.dropFirst(prefix.count).dropLast(".js".count)
            guard !file.contains("/") else { continue }
            let sourceDigest = SHA256.hex(source)
            sourceDigests[String(file)] = sourceDigest
            switch RuntimeModule.parse(name: String(file), source: source, minified: texts["\(prefix)min/\(file).js"], sourceDigest: sourceDigest) {
            case .success(let module): modules[module.name] = module
            case .failure(let error):
                unreadable.insert(String(file))
                log.error("runtime module: \(error.message)", at: SourceLocation(file: paths[key] ?? key, line: error.line, column: 1))
            }
        }
        for module in modules.values.sorted(by: { $0.name < $1.name }) {
            for imported in module.imports where modules[imported.module] == nil && !unreadable.contains(imported.module) {
                log.error("runtime module '\(module.name)' imports './\(imported.module).js', which does not exist",
                          at: SourceLocation(file: paths["\(prefix)\(module.name).js"] ?? module.name, line: 1, column: 1))
            }
        }
        let digest = runtimeDigest(digests: modules.mapValues { sourceDigests[$0.name] ?? SHA256.hex(texts["\(prefix)\($0.name).js"] ?? "") })
        if unreadable.isEmpty, modules.values.allSatisfy({ $0.minified?.runtimeDigest == digest }) {
            modules = modules.mapValues { $0.usingMinified() }
        }
        return RuntimeScript(modules: modules, whole: nil)
    }

    /// The digest `scripts/minify-runtime` writes into every minified module: SHA-256 over each module's name and its
    /// source's SHA-256, in name order. Minified modules are used only when all carry the digest of the sources at hand.
    static func runtimeDigest(_ sources: [String: String]) -> String {
        runtimeDigest(digests: sources.mapValues { SHA256.hex($0) })
    }

    /// ``runtimeDigest(_:)`` from each module's source digest.
    static func runtimeDigest(digests: [String: String]) -> String {
        SHA256.hex(digests.sorted { $0.key < $1.key }.map { "\($0.key)\u{0}\($0.value)\n" }.joined())
    }

    /// The optional modules a form's page needs: the wizard for several pages or a review step, journey when the
    /// pages are not simply walked in order (``FormSpec/hasJourney``), masks for masked fields, prefill for data
    /// sources, options for `optionsFrom` fields, drafts when a field's value may be kept, bounds for date and age rules
    /// (offsets for a bound relative to today), compare for `minValue`, `maxValue` and `equalsField`, send for forms
    /// with an action, ready for `enableWhen: complete`, choice for exclusive options and "Other", datebox for
    /// three-box dates, repeat for repeating sections, files for file fields (multipart when such a form has an action
    /// too), conditions for forms with rules (the form's or a repeating section's; journey imports it too); count for
    /// fields with a character or word count (``FieldCount``), search for searchable selects, grid and scale for those
    /// fields, chosen for selects, radios and checkboxes, operators for a rule or branch whose condition is `in`, `notIn`,
    /// `greaterThan` or `lessThan`, filetypes for a file field whose `accept` names an extension or a wildcard (`image/*`), readonly for read-only fields, session for `requiresSession` and `logout` (``SessionSpec``).
    public static func modules(for spec: FormSpec) -> Set<String> {
        var used: Set<String> = []
        if !spec.rules.isEmpty || spec.fields.contains(where: hasRules) { used.insert("conditions") }
        if usesOperators(spec) { used.insert("operators") }
        let boundRules: Set<String> = ["minDate", "maxDate", "minAge", "maxAge"]
        if spec.fields.contains(where: { $0.validations.contains { boundRules.contains($0.rule) } }) { used.insert("bounds") }
        if spec.fields.contains(where: hasOffsetBound) { used.insert("offsets") }
        if spec.fields.contains(where: comparesAnswers) { used.insert("compare") }
        if spec.fields.contains(where: { $0.dateStyle == DateStyle.boxes.rawValue }) { used.insert("datebox") }
        if spec.pages.count > 1 || spec.review == true { used.insert("wizard") }
        if spec.hasJourney { used.insert("journey") }
        if spec.fields.contains(where: usesChoice) { used.insert("choice") }
        if spec.fields.contains(where: choosesFromList) { used.insert("chosen") }
        if spec.fields.contains(where: hasReadOnly) { used.insert("readonly") }
        if spec.fields.contains(where: { $0.mask != nil }) { used.insert("mask") }
        if spec.fields.contains(where: FieldCount.shows) { used.insert("count") }
        if spec.fields.contains(where: { $0.search == true }) { used.insert("search") }
        if spec.fields.contains(where: { $0.kind == .repeat }) { used.insert("repeat") }
        if spec.fields.contains(where: { $0.kind == .file }) { used.insert("files") }
        if spec.fields.contains(where: namesFileExtension) { used.insert("filetypes") }
        if spec.fields.contains(where: { $0.kind == .grid }) { used.insert("grid") }
        if spec.fields.contains(where: { $0.kind == .scale }) { used.insert("scale") }
        if !spec.dataSources.isEmpty || spec.fields.contains(where: { $0.optionsFrom != nil }) { used.insert("prefill") }
        if spec.fields.contains(where: { $0.optionsFrom != nil }) { used.insert("options") }
        if keepsDrafts(spec) { used.insert("drafts") }
        if spec.submit.action != nil { used.insert("send") }
        if used.contains("files"), used.contains("send") { used.insert("multipart") }
        if spec.submit.enableWhen == "complete" { used.insert("ready") }
        if spec.session != nil { used.insert("session") }
        return used
    }

    /// Whether a field, or an item field of a repeating section, has a date bound relative to today (`-18y`: `offsets.js`);
    /// `bounds.js` resolves a fixed date (`YYYY-MM-DD`) and `today` itself.
    static func hasOffsetBound(_ field: FormSpec.FieldSpec) -> Bool {
        field.validations.contains { rule in
            guard rule.rule == "minDate" || rule.rule == "maxDate" else { return false }
            let text = rule.value?.text ?? ""
            let bound = ASCIIWords.trimmed(text)
            return bound != "today" && !isFixedDate(bound)
        } || (field.fields ?? []).contains(where: hasOffsetBound)
    }

    /// Whether a bound is a fixed date, `YYYY-MM-DD` (digits and dashes only, checked byte by byte: a regex here
    /// was a twentieth of a form page's render time).
    private static func isFixedDate(_ bound: String) -> Bool {
        let bytes = Array(bound.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    /// Whether a field, or an item field of a repeating section, has a `minValue`, `maxValue` (a scale's too) or
    /// `equalsField` rule (`compare.js`).
    static func comparesAnswers(_ field: FormSpec.FieldSpec) -> Bool {
        field.validations.contains { ["minValue", "maxValue", "equalsField"].contains($0.rule) } || (field.fields ?? []).contains(where: comparesAnswers)
    }

    /// Whether a field, or an item field of a repeating section, is answered from a list of options: a select, radios or
    /// checkboxes (`chosen.js`: the check that the answer is an option, and the options' labels in the review).
    static func choosesFromList(_ field: FormSpec.FieldSpec) -> Bool {
        field.kind.isChoice || (field.fields ?? []).contains(where: choosesFromList)
    }

    /// Whether a field, or an item field of a repeating section, is read-only (`readonly.js`: required and empty is
    /// missing, nothing else checked).
    static func hasReadOnly(_ field: FormSpec.FieldSpec) -> Bool {
        field.readOnly || (field.fields ?? []).contains(where: hasReadOnly)
    }

    /// Whether a field, or an item field of a repeating section, has "Other" or an exclusive option (`choice.js`).
    static func usesChoice(_ field: FormSpec.FieldSpec) -> Bool {
        field.other != nil || (field.options ?? []).contains { $0.exclusive == true } || (field.fields ?? []).contains(where: usesChoice)
    }

    /// The conditions `operators.js` holds; `conditions.js` has equals, notEquals, empty and notEmpty itself.
    static let operatorConditions: Set<String> = ["in", "notIn", "greaterThan", "lessThan"]

    /// Whether a rule (the form's, a repeating section's) or a page's branch has a condition of `operators.js`.
    static func usesOperators(_ spec: FormSpec) -> Bool {
        func inRules(_ rules: [FormSpec.RuleSpec]) -> Bool { rules.contains { operatorConditions.contains($0.condition) } }
        func inField(_ field: FormSpec.FieldSpec) -> Bool { inRules(field.rules ?? []) || (field.fields ?? []).contains(where: inField) }
        return inRules(spec.rules) || spec.fields.contains(where: inField)
            || spec.pages.contains { ($0.next ?? []).contains { operatorConditions.contains($0.condition) } }
    }

    /// Whether a file field, or one of a repeating section's, accepts something other than a MIME type: an extension
    /// (`.pdf`, matched by its MIME type when formgen tells it by its bytes: ``UploadRules/extensionTypes``) or a
    /// wildcard (`image/*`), which `filetypes.js` matches; files.js alone compares MIME types.
    static func namesFileExtension(_ field: FormSpec.FieldSpec) -> Bool {
        (field.upload?.accept ?? []).contains { $0.hasPrefix(".") || $0.hasSuffix("/*") } || (field.fields ?? []).contains(where: namesFileExtension)
    }

    /// Whether a field or a field inside it (a repeating section's) has rules.
    private static func hasRules(_ field: FormSpec.FieldSpec) -> Bool {
        !(field.rules ?? []).isEmpty || (field.fields ?? []).contains(where: hasRules)
    }

    /// Whether the page keeps a draft: drafts are on and some field's value may be kept (not display-only,
    /// not a password, not sensitive, not read-only).
    public static func keepsDrafts(_ spec: FormSpec) -> Bool {
        spec.drafts.enabled && spec.fields.contains { !$0.isDisplayOnly && $0.type != "password" && !$0.sensitive && !$0.readOnly }
    }

    /// The script for a form's page, or nil when the theme has no runtime; `exposing`: with `expose`
    /// (`globalThis.Formgen` for the console), as on the pages `formgen serve` previews; `framed`: other sites may
    /// frame the page (`embed.origins`), so it joins `frame`, which tells the host page its height.
    public func script(for spec: FormSpec, exposing: Bool = false, framed: Bool = false) -> PageScript? {
        if let whole { return whole.isEmpty ? nil : PageScript(text: whole, cspSource: SHA256.cspSource(for: whole)) }
        guard modules[Self.entry] != nil else { return nil }
        var used = Self.modules(for: spec)
        // The console's Formgen: resolveBound resolves every bound, relative ones too, and validate checks the options
        // of any spec.
        if exposing { used.formUnion(["expose", "bounds", "offsets", "chosen", "readonly", "operators"]) }
        if framed { used.insert("frame") }
        used = used.filter { modules[$0] != nil }
        return scripts.script(for: used) {
            PageScript(joined: Self.join(Self.order(modules, using: used).compactMap { modules[$0]?.body }, minified: modules[Self.entry]?.isMinified == true))
        }
    }

    /// The script of a data page: `data.js` and the modules it imports (the fetch helper prefill uses, the drop rule
    /// of `optionsFrom`) when it has live blocks, `session.js` when it has `requiresSession` or `logout`; nil when it
    /// needs neither, or the theme lacks the module or replaces the whole runtime.
    public func dataScript(live: Bool = true, session: Bool = false) -> PageScript? {
        let entries = (live ? [Self.dataEntry] : []) + (session ? ["session"] : [])
        guard whole == nil, !entries.isEmpty, entries.allSatisfy({ modules[$0] != nil }) else { return nil }
        return scripts.script(for: Set(entries.map { "#" + $0 })) {
            var ordered: [String] = []
            for entry in entries {
                for name in Self.order(modules, using: [], from: entry) where !ordered.contains(name) { ordered.append(name) }
            }
            return PageScript(joined: Self.join(ordered.compactMap { modules[$0]?.body }, minified: modules[entries[0]]?.isMinified == true))
        }
    }

    /// Module names in evaluation order from `entry` (`main`), leaving out the optional modules not in `used`.
    static func order(_ modules: [String: RuntimeModule], using used: Set<String>, from entry: String = entry) -> [String] {
        var ordered: [String] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard !seen.contains(name), let module = modules[name] else { return }
            seen.insert(name)
            for imported in module.imports
            where !imported.isOptional || used.contains(imported.module) || !optionalModules.contains(imported.module) {
                visit(imported.module)
            }
            ordered.append(name)
        }
        visit(entry)
        return ordered
    }

    /// Bodies in one strict-mode function, each on its own lines; a `;` line after a body that does not end in `;`,
    /// so no body's last statement runs on into the next body. `minified` bodies (no comments) follow each other on
    /// one line, a `;` between them.
    static func join(_ bodies: [String], minified: Bool = false) -> String {
        var text = "(function(){\"use strict\";\n"
        for body in bodies {
            let trimmed = ASCIIWords.trimmed(body)
            guard !trimmed.isEmpty else { continue }
            text += trimmed + (trimmed.hasSuffix(";") ? (minified ? "" : "\n") : (minified ? ";" : "\n;\n"))
        }
        return text + "})();"
    }
}
