import Foundation
import FormgenRuntime

/// What a data page's runtime (`data.js`) reads from `#fg-data-spec`: the page's language, its texts, the data
/// sources its live blocks fetch and those blocks. Made here only, so whatever else a page's runtime needs joins it
/// in one place.
struct DataPageSpec: Encodable {
    struct Source: Encodable {
        var id: String
        var endpoint: String
        /// The Fetch API's `credentials` option (`same-origin` unless the source says otherwise).
        var credentials: String
    }

    struct Column: Encodable {
        var key: String
        var label: String
        var format: String
        var currency: String?
        var currencyKey: String?
        var decimals: Int?
    }

    struct Block: Encodable {
        /// The block's place on the page: its container is `#fg-data-N-body`.
        var index: Int
        var kind: String
        var source: String
        var title: String?
        var items: String?
        var columns: [Column]
        var dropIf: DropRule?
        var sort: [String: String]?
        var groupBy: [String: String]?
        var empty: String
    }

    var lang: String
    var messages: [String: String]
    var sources: [Source]
    var blocks: [Block]

    /// The spec of a page's live blocks, with the texts `data.js` shows in the page's language.
    init(page: DataPage, tables: MessageTables) {
        let texts = tables.table(for: page.language)
        lang = page.language
        messages = Dictionary(uniqueKeysWithValues: DataPageSpec.messageKeys.map { ($0, texts[$0] ?? "") })
        let used = Set(page.liveBlocks.compactMap(\.liveSource))
        sources = page.dataSources.filter { used.contains($0.id) }.map { Source(id: $0.id, endpoint: $0.endpoint, credentials: $0.credentials.rawValue) }
        blocks = page.blocks.enumerated().compactMap { index, block in
            guard let source = block.liveSource else { return nil }
            return Block(index: index, kind: block.kind.rawValue, source: source, title: block.title, items: block.items,
                         columns: block.columns.map { Column(key: $0.key, label: $0.label, format: $0.format.rawValue, currency: $0.currency,
                                                             currencyKey: $0.currencyKey, decimals: $0.decimals) },
                         dropIf: block.dropIf,
                         sort: block.sort.map { ["key": $0.key, "order": $0.descending ? "desc" : "asc"] },
                         groupBy: block.groupBy.map { ["key": $0.key, "format": $0.format.rawValue] },
                         empty: block.empty ?? texts["dataEmpty"] ?? "")
        }
    }

    /// The interface texts `data.js` shows.
    static let messageKeys = ["loading", "dataFailed", "retry", "dataUp", "dataDown", "dataUnchanged"]

    /// The spec as JSON that can stand inside a `<script>` element, escaped by the writer that escapes every page's
    /// spec (`<`, `>`, `&` and the line separators).
    func embeddableJSON() -> String {
        guard let data = try? JSONEncoder().encode(self), let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return "{}" }
        var writer = CompactJSONWriter(scriptSafe: true)
        writer.value(value)
        return writer.text
    }
}
