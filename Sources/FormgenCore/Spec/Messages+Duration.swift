extension Messages {
    /// A span of time in words, in whole days (from two), hours or minutes: "24 hours", "7 dagen", "30 Minuten",
    /// with the language's plural form, from `tables`.
    public static func duration(seconds: Int, language: String, tables: MessageTables = .builtin) -> String {
        if seconds >= 172_800, seconds % 86_400 == 0 {
            return plural("days", count: seconds / 86_400, language: language, tables: tables)
        } else if seconds >= 3_600, seconds % 3_600 == 0 {
            return plural("hours", count: seconds / 3_600, language: language, tables: tables)
        }
        return plural("minutes", count: max(1, seconds / 60), language: language, tables: tables)
    }

    /// A counted phrase from a table's plural forms (`days` → `days.one`, `days.other`, …), `{count}` filled in.
    public static func plural(_ key: String, count: Int, language: String, tables: MessageTables) -> String {
        let table = tables.table(for: language)
        let text = table["\(key).\(PluralRules.category(count, language: language))"] ?? table["\(key).other"] ?? "{count}"
        return format(text, ["count": String(count)])
    }
}
