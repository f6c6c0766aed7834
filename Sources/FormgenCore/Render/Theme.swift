import Foundation
import FormgenTemplates
import Mustache

/// The templates, stylesheet and runtime a build renders with: the built-in defaults,
/// overridden file by file by a site's own `templates/` folder.
public struct Theme: Sendable {
    /// The templates as swift-mustache reads them: it checks their syntax, and renders a theme that uses what
    /// ``CompiledTemplate`` leaves to it (registered when first asked for when a saved theme vouched for the syntax).
    public var library: MustacheLibrary { registered.library }
    private let registered: RegisteredTemplates
    /// The templates compiled for rendering with typed values; nil when one uses a construct only swift-mustache renders.
    var compiled: [String: CompiledTemplate]?
    /// `assets/formgen.css`, minified; each page inlines the part it uses.
    public let style: StyleSheet
    /// The browser runtime, joined per form page from its modules.
    public let runtime: RuntimeScript
    /// A digest of every template, stylesheet and script text, for cached outputs.
    public let digest: String
    /// `assets/list-filter.js`: the filter box of a long list of links (a flow's countries), inlined where it is used.
    public var listFilter = ""
    /// `assets/embed.js`: the script another site's page loads to show an embeddable form (written as `embed.js`).
    public var embedScript = ""
    /// The message tables: the built-in ones with the theme's `i18n/*.json` over them.
    public internal(set) var messages: MessageTables
    /// The templates (by name, `form`) whose text is the built-in one: those not overridden, and the ``fieldTemplates``
    /// overridden with the built-in text.
    var builtinTemplates: Set<String> = []
    /// What the next build may take instead of loading this theme again (``SavedTheme``, its `tool` left empty): nil
    /// when loading it said anything.
    var saving: SavedTheme?

    static let folders = ["layouts", "partials", "assets", "i18n"]

    /// Reads what loading any theme takes from the built-in one whatever the options (its message tables, 4 ms), so
    /// that a command can have it read on another core while its arguments are parsed. Only when the built-in theme is
    /// beside the binary: elsewhere finding it is left to the command.
    public static func prepareBuiltins() {
        guard BuiltinTemplates.besideRunningBinary != nil else { return }
        _ = Messages.builtin
    }

    /// Loads the theme; template syntax errors are logged with their file and position. A theme whose texts
    /// are those of the last theme loaded without errors is that theme (`formgen serve` loads it on every save).
    /// Its message tables are `messages` when given (the build reads them first, to report their problems), else
    /// read from `overrides`. A `saved` theme made from the same files stands for the stylesheet's minifying, the
    /// runtime's parsing and swift-mustache's syntax check.
    public static func load(overrides: String?, messages: MessageTables? = nil, log: DiagnosticLog) -> Theme {
        load(overrides: overrides, messages: messages, saved: nil, log: log)
    }

    static func load(overrides: String?, messages: MessageTables? = nil, saved: SavedTheme?, log: DiagnosticLog) -> Theme {
        let messages = messages ?? MessageTables.reading(templatesDirectory: overrides).tables
        var files: [String: String] = [:]
        collect(from: BuiltinTemplates.directory.path, into: &files)
        let builtinFiles = files
        if let overrides, FileManager.default.fileExists(atPath: overrides) {
            collect(from: overrides, into: &files)
        }
        var texts: [String: String] = [:]
        var hasher = FNV1a()
        for (name, path) in files.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                log.error("cannot read template", at: SourceLocation(file: path, line: 1, column: 1))
                continue
            }
            texts[name] = text
            hasher.add(name)
            hasher.add(text)
        }
        let digest = hasher.hex + "|" + files.sorted { $0.key < $1.key }.map(\.value).joined(separator: "|")
        if var theme = lastLoaded.theme(digest: digest) {
            theme.messages = messages
            return theme
        }
        // A saved theme counts for a theme whose every template compiles: it then never renders through swift-mustache.
        let saved = saved?.digest == digest ? saved : nil
        let ownLog = DiagnosticLog()
        var library = MustacheLibrary()
        var compiled: [String: CompiledTemplate]? = [:]
        var bodies: [String: String] = [:]
        var builtinTemplates: Set<String> = []
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let path = files[name] ?? name
            let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
            if let builtin = builtinFiles[name], builtin == path
                || (fieldTemplates.contains(Theme.templateName(name)) && FileManager.default.contents(atPath: builtin) == Data(text.utf8)) {
                builtinTemplates.insert(Theme.templateName(name))
            }
            do {
                if saved != nil, let template = try? CompiledTemplate(body) {
                    compiled?[Theme.templateName(name)] = template
                    bodies[Theme.templateName(name)] = body
                    continue
                }
                // Parsed once with the pragma line before it; a syntax error is parsed again alone, for its position as written.
                do {
                    try library.register(EscapingContentType.pragma + body, named: Theme.templateName(name))
                } catch {
                    _ = try MustacheTemplate(string: body)
                    throw error
                }
                bodies[Theme.templateName(name)] = body
                if let template = try? CompiledTemplate(body) { compiled?[Theme.templateName(name)] = template } else { compiled = nil }
            } catch let error as MustacheTemplate.ParserError {
                ownLog.error("template syntax error: \(error.error)", at: SourceLocation(file: path, line: error.context.lineNumber, column: error.context.columnNumber + 1))
            } catch {
                ownLog.error("template syntax error: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        for required in ["layouts/base.mustache", "layouts/form.mustache", "layouts/flow.mustache", "layouts/index.mustache"] where texts[required] == nil {
            ownLog.error("missing template '\(required)'", at: SourceLocation(file: overrides ?? "templates", line: 1, column: 1))
        }
        if saved != nil, compiled == nil {
            // A template only swift-mustache renders: the saved theme does not count.
            return load(overrides: overrides, messages: messages, saved: nil, log: log)
        }
        let css = saved?.css ?? minifyCSS(texts["assets/formgen.css"] ?? "")
        let runtime = saved?.runtime ?? RuntimeScript.load(texts: texts, paths: files, log: ownLog)
        var theme = Theme(registered: saved == nil ? RegisteredTemplates(library) : RegisteredTemplates(bodies: bodies),
                          compiled: compiled, style: StyleSheet(css: css), runtime: runtime, digest: hasher.hex,
                          listFilter: texts["assets/list-filter.js"] ?? "", embedScript: texts["assets/embed.js"] ?? "",
                          messages: messages)
        theme.builtinTemplates = builtinTemplates
        ownLog.diagnostics.forEach(log.append)
        if ownLog.diagnostics.isEmpty {
            if compiled != nil { theme.saving = SavedTheme(tool: "", digest: digest, css: css, runtime: runtime) }
            lastLoaded.keep(theme, digest: digest)
        }
        return theme
    }

    /// The last theme loaded without a problem, by the digest of its texts and paths.
    private static let lastLoaded = LoadedTheme()

    /// The theme's files under `root` by name (`layouts/form.mustache`), with their paths; folders are not files, and a
    /// link is taken as the file it names.
    private static func collect(from root: String, into files: inout [String: String]) {
        for folder in folders {
            let directory = (root as NSString).appendingPathComponent(folder)
            for entry in FolderWalk.entries(under: directory) where entry.kind != .folder {
                let name = entry.path
                guard name.hasSuffix(".mustache") || name.hasSuffix(".css") || name.hasSuffix(".js") || (folder == "i18n" && name.hasSuffix(".json")) else { continue }
                files["\(folder)/\(name)"] = (directory as NSString).appendingPathComponent(name)
            }
        }
    }

    /// Drops comments and the white space around punctuation (never inside quoted strings); nothing else changes.
    static func minifyCSS(_ css: String) -> String {
        var text = css
        while let start = text.range(of: "/*"), let end = text.range(of: "*/", range: start.upperBound..<text.endIndex) {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var quote: Unicode.Scalar?
        var escaped = false
        for character in text.unicodeScalars {
            if let open = quote {
                output.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == open { quote = nil }
                continue
            }
            if character == "\"" || character == "'" {
                if pendingSpace, let last = output.last, !"{};:,>".unicodeScalars.contains(last) { output.append(" ") }
                pendingSpace = false
                quote = character
                output.append(character)
                continue
            }
            if character.properties.isWhitespace {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace, let last = output.last, !"{};:,>".unicodeScalars.contains(last), !"{};,>".unicodeScalars.contains(character) {
                output.append(" ")
            }
            pendingSpace = false
            output.append(character)
        }
        return String(output).replacingOccurrences(of: ";}", with: "}")
    }

    /// Templates are known by their file name alone: `layouts/form.mustache` is `form`.
    static func templateName(_ file: String) -> String {
        String((file as NSString).lastPathComponent.dropLast(".mustache".count))
    }

    /// Renders a registered template with a context: compiled, or through swift-mustache for a theme that needs it.
    func render(_ template: String, _ context: [String: TemplateValue]) -> String {
        if let compiled {
            return CompiledTemplate.render(template, in: compiled, context: context) ?? ""
        }
        return library.render(TemplateValue.object(context).mustacheValue, withTemplate: template) ?? ""
    }

    /// This theme rendering every page through swift-mustache (tests compare both paths).
    var renderingThroughSwiftMustache: Theme {
        Theme(registered: registered, compiled: nil, style: style, runtime: runtime, digest: digest, listFilter: listFilter, embedScript: embedScript,
              messages: messages)
    }
}

/// A theme's templates in a swift-mustache library: registered as the theme loads, or, when a saved theme vouched for
/// their syntax, when first asked for.
private final class RegisteredTemplates: @unchecked Sendable {
    private let lock = NSLock()
    private var registered: MustacheLibrary?
    /// Each template's text, by name, for registering later.
    private let bodies: [String: String]

    init(_ library: MustacheLibrary) {
        registered = library
        bodies = [:]
    }

    init(bodies: [String: String]) {
        self.bodies = bodies
    }

    var library: MustacheLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let registered { return registered }
        var library = MustacheLibrary()
        for (name, body) in bodies.sorted(by: { $0.key < $1.key }) {
            try? library.register(EscapingContentType.pragma + body, named: name)
        }
        registered = library
        return library
    }
}

/// One remembered theme: loading is mostly compiling templates, and a preview loads the same theme on every save.
private final class LoadedTheme: @unchecked Sendable {
    private let lock = NSLock()
    private var digest: String?
    private var theme: Theme?

    func theme(digest: String) -> Theme? {
        lock.lock()
        defer { lock.unlock() }
        return self.digest == digest ? theme : nil
    }

    func keep(_ theme: Theme, digest: String) {
        lock.lock()
        self.digest = digest
        self.theme = theme
        lock.unlock()
    }
}
