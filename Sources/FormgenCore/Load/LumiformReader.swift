/// Reads the Lumiform format: recursive `{type: page|section|text|image, title, items, src}`.
///
/// Nested pages become following pages, nested sections nested groups, `text` a text question — or, when its title
/// is a statement ("Welcome to the main page!", "This is the first chapter."), text shown on the page, as the Lumiform
/// app shows it — and `image` a displayed image. Items carry no ids, so fields are numbered per type in order (a
/// statement keeps its `text_N`, so the questions' ids do not depend on it).
struct LumiformReader {
    func read(_ root: ConfigNode, path: String, settings: SiteSettings) -> Form {
        var form = Form(id: path, path: path, title: root.string("title") ?? path, language: settings.language,
                        format: .lumiform, at: root.location)
        form.submission = settings.submission
        form.drafts = settings.drafts
        form.embed = settings.embed
        var counters: [String: Int] = [:]
        var pages: [Page] = []
        collectPage(root, into: &pages, counters: &counters)
        form.pages = pages
        return form
    }

    private func collectPage(_ node: ConfigNode, into pages: inout [Page], counters: inout [String: Int]) {
        let index = pages.count
        pages.append(Page(title: node.string("title"), items: []))
        var nested: [ConfigNode] = []
        let items = readItems(node, nestedPages: &nested, counters: &counters)
        pages[index].items = items
        for page in nested { collectPage(page, into: &pages, counters: &counters) }
    }

    private func readItems(_ node: ConfigNode, nestedPages: inout [ConfigNode], counters: inout [String: Int]) -> [FormItem] {
        guard let list = node["items"] else { return [] }
        guard let items = list.expectSequence("'items'") else { return [] }
        return items.compactMap { item -> FormItem? in
            guard item.expectMapping("an item") else { return nil }
            item.warnUnknownKeys(allowed: ["type", "title", "items", "src"], in: "item")
            let type = item.string("type") ?? ""
            switch type {
            case "page":
                nestedPages.append(item)
                return nil
            case "section":
                let children = readItems(item, nestedPages: &nestedPages, counters: &counters)
                return .section(Section(title: item.string("title"), items: children))
            case "text", "image":
                counters[type, default: 0] += 1
                let title = item.string("title") ?? ""
                let statement = type == "text" && Self.isStatement(title)
                var field = Field(id: "\(type)_\(counters[type]!)", type: type == "image" ? .image : statement ? .paragraph : .text,
                                  label: title, at: item.location)
                field.typeLocation = item["type"]?.location ?? item.location
                if statement { field.content = Self.literalMarkdown(title) }
                if type == "image" {
                    field.src = item.url("src", for: .image)
                    if field.src == nil { item.error("image item is missing 'src'") }
                } else if field.label.isEmpty {
                    item.error("text item is missing 'title'")
                }
                return .field(field)
            default:
                item["type"]?.error(unknownMessage("item type", type, ["page", "section", "text", "image"])) ?? item.error("item is missing 'type'")
                return nil
            }
        }
    }

    /// Whether a `text` item's title is a sentence that says something (ends in `.` or `!`) rather than a question or
    /// a label ("Name", "What is the main topic?"): the app shows such items as text, with nothing to fill in.
    static func isStatement(_ title: String) -> Bool {
        guard let last = title.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.last else { return false }
        return [".", "!", "\u{3002}", "\u{FF01}"].contains(last)
    }

    /// The title as Markdown that renders as exactly its text: every ASCII punctuation character escaped.
    static func literalMarkdown(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar), scalar.value > 0x20, scalar.value < 0x7F {
                output.append("\\")
            }
            output.unicodeScalars.append(scalar)
        }
        return output
    }
}
