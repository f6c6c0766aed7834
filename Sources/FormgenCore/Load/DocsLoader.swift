import Foundation

/// Loads `configs/docs/**/*.md`: optional YAML front matter (`title`, `description`, `order`), then Markdown.
///
/// Front-matter problems are logged with their file, line and column, like config errors.
public struct DocsLoader {
    public var source: SiteSource

    public init(source: SiteSource) {
        self.source = source
    }

    public init(configDirectory: String) {
        self.init(source: .folder(configDirectory))
    }

    static let frontMatterKeys: Set<String> = ["title", "description", "order"]

    /// The docs folder as the user would name it (`configs/docs`).
    var docsDirectory: String { source.path("docs") }

    /// Every doc, sorted by path; none when there is no docs folder. Hidden files (`.draft.md`) are skipped.
    public func load(log: DiagnosticLog) -> [DocPage] {
        let prefix = docsDirectory + "/"
        return source.files(in: "docs", extensions: ["md"], skipHidden: true).compactMap { file in
            guard let text = source.text(of: file, log: log) else { return nil }
            return DocsLoader.parse(text: text, source: String(file.dropFirst(prefix.count)), file: file, log: log)
        }.sorted { $0.path < $1.path }
    }

    /// Reads one doc from its text; `source` is its path under the docs folder.
    static func parse(text: String, source: String, file: String, log: DiagnosticLog) -> DocPage {
        let split = FrontMatter.split(text)
        let location = SourceLocation(file: file, line: 1, column: 1)
        if split.unclosed {
            log.error("front matter is not closed: add a line '---' after it", at: location)
        }
        let rendered = Markdown.render(split.body, options: Markdown.Options(headingAnchors: true, reservedIDs: DocPage.reservedIDs))
        var page = DocPage(source: source, path: outputPath(for: source), title: rendered.title ?? humanTitle(source),
                           markdown: split.body, at: location)
        page.bodyLine = split.bodyLine
        page.hasOwnTitle = rendered.title != nil
        page.headings = rendered.headings
        page.links = rendered.links.map { link in
            var moved = link
            moved.line += split.bodyLine - 1
            return moved
        }
        page.summary = rendered.summary
        if let table = rendered.oversizedTable {
            log.error(Markdown.oversizedTableMessage(table), at: SourceLocation(file: file, line: table.line + split.bodyLine - 1, column: 1))
        }
        if let yaml = split.frontMatter, !yaml.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
           let root = ConfigFile.parse(text: "\n" + yaml, file: file, log: log) {
            root.warnUnknownKeys(allowed: frontMatterKeys, in: "front matter")
            if let title = root.string("title") {
                if title.trimmingCharacters(in: .whitespaces).isEmpty { root["title"]?.error("'title' is empty") } else { page.title = title }
            }
            if let description = root.string("description") { page.summary = description }
            page.order = root.int("order")
        }
        return page
    }

    /// `guides/How To.md` → `docs/guides/how-to`; an `index.md` or `README.md` stands for its folder.
    static func outputPath(for source: String) -> String {
        var components = source.split(separator: "/").map(String.init)
        let name = FileStem.of(components.popLast() ?? "")
        var path = [DocPage.indexPath] + components.map(slug)
        if !["index", "readme"].contains(name.lowercased()) { path.append(slug(name)) }
        return path.joined(separator: "/")
    }

    /// `filling-in-the-form.md` → `Filling in the form`.
    static func humanTitle(_ source: String) -> String {
        let name = FileStem.of(source)
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

/// YAML front matter between `---` lines at the very top of a Markdown file.
enum FrontMatter {
    struct Split {
        var frontMatter: String?
        var body: String
        /// The file line the body starts on.
        var bodyLine: Int
        var unclosed: Bool
    }

    static func split(_ text: String) -> Split {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func isFence(_ line: String, closing: Bool) -> Bool {
            let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : line
            return trimmed.trimmingCharacters(in: .whitespaces) == "---" || (closing && trimmed.trimmingCharacters(in: .whitespaces) == "...")
        }
        guard let first = lines.first, isFence(first, closing: false), first.hasPrefix("---") else {
            return Split(frontMatter: nil, body: text, bodyLine: 1, unclosed: false)
        }
        guard let end = lines.indices.dropFirst().first(where: { isFence(lines[$0], closing: true) }) else {
            return Split(frontMatter: nil, body: text, bodyLine: 1, unclosed: true)
        }
        let yaml = lines[1..<end].joined(separator: "\n")
        lines.removeSubrange(0...end)
        return Split(frontMatter: yaml, body: lines.joined(separator: "\n"), bodyLine: end + 2, unclosed: false)
    }
}
