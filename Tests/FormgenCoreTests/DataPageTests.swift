import Foundation
import FormgenRuntime
import FormgenTestSupport
import Testing
@testable import FormgenCore

/// Data pages (`configs/pages/`, issue #38 item 1): their diagnostics, all in one run; their HTML over a data file
/// (caption, column headers, numbers right-aligned, `dropIf`, `sort`, `groupBy`, escaping); the formatting the build
/// shares with `data.js` (the shared cases of `Tests/vectors/data-formats.json`); and the script and CSP of a page
/// with live blocks.
@Suite struct DataPageTests {
    static let dataFile = """
    {"currencies": [
      {"name": "US dollar", "country": "USA", "valMid": 1.0832, "move": -0.12},
      {"name": "Hungarian forint", "country": "Hungary", "valMid": 0, "move": 0},
      {"name": "<img src=x onerror=alert(1)>", "country": "Nowhere", "valMid": 2, "move": 0},
      {"name": "Czech koruna", "country": "Czech Republic", "valMid": 25.21, "move": 0.03}
    ],
    "transactions": [
      {"at": "2026-11-19T09:00:00Z", "what": "Coffee", "amount": -3.5},
      {"at": "2026-11-20T16:30:00Z", "what": "Salary", "amount": 1200},
      {"at": "2026-11-20T08:15:00Z", "what": "Bus", "amount": -2}
    ],
    "user": {"name": "Ann Example", "email": "ann@example.org"}}
    """

    @Test func everyMistakeIsReportedAtItsPlaceInOneRun() throws {
        let page = """
        id: p
        title: P
        colour: red
        dataSources:
          - {id: rates, endpoint: /api/rates}
        blocks:
          - {type: tabel, dataSource: rates}
          - type: table
            title: Rates
            dataSource: rate
            columns:
              - {key: name, label: Name, format: money, colour: red}
              - {key: valMid, label: Mid, format: currency}
              - {key: move, format: change, currency: euro, decimals: 40}
            sort: {key: nmae, order: up}
            groupBy: {key: day, format: month}
          - type: list
            data: ratse
            columns: [{key: a}]
          - {type: details, data: rates, fields: [{key: a}], sort: {key: a}}
          - {type: table, data: rates, columns: [{label: X}]}
          - {type: list, dataSource: rates, data: rates, fields: [{key: a}]}
          - {type: list}
          - {dataSource: rates}
        """
        let lines = try DiagnosticCatalogTests.diagnostics(.init("page", ["configs/pages/p.yaml": page, "configs/data/rates.json": Self.dataFile], []))
        #expect(lines == [
            "configs/pages/p.yaml:3:1: warning: unknown key 'colour' in page config",
            "configs/pages/p.yaml:7:12: error: unknown block type 'tabel' (known: details, list, table) (did you mean 'table'?)",
            "configs/pages/p.yaml:10:17: error: block takes its data from unknown data source 'rate' (known: rates) (did you mean 'rates'?)",
            "configs/pages/p.yaml:12:42: error: unknown format 'money' (known: change, currency, date, datetime, number, text)",
            "configs/pages/p.yaml:12:49: warning: unknown key 'colour' in column",
            "configs/pages/p.yaml:13:9: error: column 'valMid' has 'format: currency' but neither 'currency' (a code such as EUR) nor 'currencyKey' (the member holding each entry's code)",
            "configs/pages/p.yaml:14:47: error: 'currency' must be a three-letter ISO 4217 code such as EUR, found 'euro'",
            "configs/pages/p.yaml:14:63: error: 'decimals' must be a whole number from 0 to 20",
            "configs/pages/p.yaml:15:17: error: 'sort' names 'nmae', which is not one of the block's columns or its groupBy key (known: name, valMid, move, day) (did you mean 'name'?)",
            "configs/pages/p.yaml:15:30: error: 'order' must be asc or desc, found 'up'",
            "configs/pages/p.yaml:16:33: error: 'groupBy.format' must be date or text, found 'month'",
            "configs/pages/p.yaml:17:5: error: list is missing 'fields' (each with 'key', 'label' and 'format')",
            "configs/pages/p.yaml:18:11: error: block takes its data from unknown data file 'ratse' (known: rates) (did you mean 'rates'?)",
            "configs/pages/p.yaml:19:14: error: a list takes 'fields', not 'columns'",
            "configs/pages/p.yaml:20:60: error: 'sort' does not apply to details, which show one entry",
            "configs/pages/p.yaml:21:5: error: a table needs 'title': it is the table's caption",
            "configs/pages/p.yaml:21:42: error: column is missing 'key' (the member of each entry it shows)",
            "configs/pages/p.yaml:22:5: error: a block takes 'dataSource' (fetched by the page) or 'data' (a file of configs/data/, read at build time), not both",
            "configs/pages/p.yaml:23:5: error: block is missing 'dataSource' (fetched by the page) or 'data' (a file of configs/data/, read at build time)",
            "configs/pages/p.yaml:24:5: error: block is missing 'type' (table, list or details)",
        ])
    }

    @Test func pageConfigWithoutTitleOrBlocksAndPagesOverFormsAreErrors() throws {
        let form = "id: f\ntitle: F\nfields:\n  - {id: a, label: A}\n"
        let lines = try DiagnosticCatalogTests.diagnostics(.init("pages", [
            "configs/forms/f.yaml": form,
            "configs/pages/a.yaml": "id: a\nblocks: []\n",
            "configs/pages/b.yaml": "title: B\n",
            "configs/pages/f.yaml": "title: F\nblocks:\n  - {type: details, dataSource: me, fields: [{key: name}]}\n",
            "configs/pages/c.yaml": "title: C\nblocks:\n  - {type: details, dataSource: me, fields: [{key: name}], sort: {order: desc}, groupBy: {}}\n  - type: list\n    data: none\n    fields: [{key: a}]\n    sort: {order: desc}\n    groupBy: {format: date}\n",
        ], []))
        #expect(lines == [
            "configs/pages/a.yaml:1:1: error: page config is missing 'title'",
            "configs/pages/b.yaml:1:1: error: page config is missing 'blocks' (the tables, lists and details it shows)",
            "configs/pages/c.yaml:3:33: error: block takes its data from unknown data source 'me' (known: none; declare it under 'dataSources')",
            "configs/pages/c.yaml:3:66: error: 'sort' does not apply to details, which show one entry",
            "configs/pages/c.yaml:3:90: error: 'groupBy' does not apply to details, which show one entry",
            "configs/pages/c.yaml:5:11: error: block takes its data from unknown data file 'none' (known: none; data files are configs/data/*.json or *.yaml, or the lists of site.yaml's 'remote.lists')",
            "configs/pages/c.yaml:7:11: error: 'sort' is missing 'key'",
            "configs/pages/c.yaml:8:14: error: 'groupBy' is missing 'key'",
            "configs/pages/f.yaml:1:1: error: a page and a form would both be written to 'f/' (the other is at configs/forms/f.yaml:1:1); give one a different 'id' or file name",
            "configs/pages/f.yaml:3:33: error: block takes its data from unknown data source 'me' (known: none; declare it under 'dataSources')",
        ])
    }

    /// A page's build-time blocks: one table per day, newest first; no dropped entry; values as escaped text.
    @Test func blocksOverADataFileAreRenderedIntoThePage() throws {
        let page = """
        title: Money
        blocks:
          - type: table
            title: Rates
            data: bank
            items: currencies
            dropIf: {key: valMid, in: [0]}
            sort: {key: name}
            columns:
              - {key: name, label: Currency}
              - {key: valMid, label: Mid rate, format: number, decimals: 4}
              - {key: move, label: Movement, format: change, decimals: 2}
          - type: list
            title: Transactions
            data: bank
            items: transactions
            sort: {key: at, order: desc}
            groupBy: {key: at, format: date}
            fields:
              - {key: what, label: What}
              - {key: amount, label: Amount, format: currency, currency: EUR}
              - {key: at, label: When, format: datetime}
          - {type: details, title: You, data: bank, items: user, fields: [{key: name, label: Name}, {key: email, label: Email}]}
          - {type: table, title: Nothing, data: bank, items: missing, empty: No rows., columns: [{key: a, label: A}]}
        """
        let html = try Self.render(["configs/pages/money.yaml": page, "configs/data/bank.json": Self.dataFile], path: "money/index.html")
        #expect(html.contains(#"<div class="fg-table" role="region" tabindex="0" aria-labelledby="fg-data-0-0"><table class="fg-data-table"><caption class="fg-caption" id="fg-data-0-0">Rates</caption><thead><tr><th scope="col">Currency</th><th scope="col" class="fg-num">Mid rate</th><th scope="col" class="fg-num">Movement</th></tr></thead>"#))
        #expect(!html.contains("Hungarian forint"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;") && !html.contains("<img src=x"))
        #expect(html.contains(#"<tr><td>Czech koruna</td><td class="fg-num">25.2100</td><td class="fg-num"><span class="fg-change fg-change-up"><span aria-hidden="true">▲ </span><span class="fg-vh">up </span>+0.03</span></td></tr>"#))
        #expect(html.contains(#"<span class="fg-vh">down </span>−0.12</span>"#))
        let czech = try #require(html.range(of: "Czech koruna")), dollar = try #require(html.range(of: "US dollar"))
        #expect(czech.lowerBound < dollar.lowerBound)
        #expect(html.contains(#"<h3 class="fg-data-group">November 20, 2026</h3><ul class="fg-data-list"><li><dl class="fg-data-pairs"><div><dt>What</dt><dd>Salary</dd></div><div><dt>Amount</dt><dd>€1,200.00</dd></div><div><dt>When</dt><dd>Nov 20, 2026, 4:30 PM</dd></div></dl></li><li><dl class="fg-data-pairs"><div><dt>What</dt><dd>Bus</dd></div><div><dt>Amount</dt><dd>-€2.00</dd></div><div><dt>When</dt><dd>Nov 20, 2026, 8:15 AM</dd></div></dl></li></ul><h3 class="fg-data-group">November 19, 2026</h3>"#))
        #expect(html.contains(#"<dl class="fg-summary-list"><div class="fg-summary-row"><dt class="fg-summary-key">Name</dt><dd class="fg-summary-value">Ann Example</dd></div>"#))
        #expect(html.contains(#"<p class="fg-data-empty">No rows.</p>"#))
        #expect(!html.contains("<script"), "a page of build-time blocks needs no script")
    }

    /// A page with a live block carries `data.js` (and what it imports), never the form runtime; its CSP allows the
    /// source's origin; the spec cannot close its script element.
    @Test func liveBlocksCarryTheDataScriptAndTheirSpec() throws {
        let page = """
        title: Live
        dataSources:
          - {id: rates, endpoint: "https://api.example.org/rates?a=1&b=</script>"}
        blocks:
          - {type: table, title: Rates, dataSource: rates, columns: [{key: name, label: Name}]}
        """
        let html = try Self.render(["configs/pages/live.yaml": page], path: "live/index.html")
        #expect(html.contains(#"<div id="fg-data-0-body" data-fg-live><noscript><p class="fg-caption">Rates</p><p class="fg-data-empty">This part of the page needs JavaScript.</p></noscript></div>"#))
        #expect(html.contains("connect-src https://api.example.org"))
        let spec = try #require(html.range(of: #"<script type="application/json" id="fg-data-spec">"#))
        let json = html[spec.upperBound...].prefix { $0 != "<" }
        #expect(json.contains(#""endpoint":"https://api.example.org/rates?a=1\u0026b=\u003c/script\u003e""#))
        #expect(json.contains(#""messages":{"dataDown":"down","dataFailed":"We could not load this information.","dataUnchanged":"no change","dataUp":"up","loading":"Loading…","retry":"Retry"}"#))
        let theme = Theme.load(overrides: nil, messages: .builtin, log: DiagnosticLog())
        let script = try #require(theme.runtime.dataScript())
        #expect(html.contains(script.text) && html.contains(HTMLEscaping.escape(script.cspSource)))
        #expect(RuntimeScript.order(theme.runtime.modules, using: [], from: RuntimeScript.dataEntry) == ["drop", "source", "data"])
    }

    /// `requiresSession` and `logout` on a page, read as a form's: the page joins `session.js` to its script, writes the
    /// `#fg-spec` session.js reads, puts the logout button before its heading and lets its policy reach both endpoints.
    @Test func aSignedInPageJoinsTheSessionModule() throws {
        let page = """
        id: home
        title: Your account
        requiresSession: {check: me, else: /login/}
        logout: {endpoint: https://auth.example.org/logout, goTo: /login/, credentials: include}
        dataSources:
          - {id: me, endpoint: https://api.example.org/me, credentials: include}
        blocks:
          - {type: details, title: You, dataSource: me, fields: [{key: name, label: Name}]}
        """
        let html = try Self.render(["configs/pages/home.yaml": page], path: "home/index.html")
        #expect(html.contains(#"<form class="fg-logout" method="post" action="https://auth.example.org/logout" data-fg-logout>"#
            + "\n" + #"<button type="submit" class="fg-button fg-button-secondary">Log out</button>"# + "\n</form>" + #"<h1 class="fg-title">Your account</h1>"#))
        #expect(html.contains(#"<script type="application/json" id="fg-session-spec">{"messages":{"checkingSession":"Checking that you are signed in…","logOutFailed":"You could not be logged out. Try again.","retry":"Retry","sessionFailed":"We could not check that you are signed in."},"session":{"check":{"credentials":"include","endpoint":"https://api.example.org/me"},"else":"/login/","logout":{"credentials":"include","endpoint":"https://auth.example.org/logout","goTo":"/login/"}}}</script>"#))
        #expect(html.contains(#""sources":[{"credentials":"include","endpoint":"https://api.example.org/me","id":"me"}]"#))
        #expect(html.contains("connect-src https://api.example.org https://auth.example.org"))
        #expect(html.contains("form-action https://auth.example.org"))
        let theme = Theme.load(overrides: nil, messages: .builtin, log: DiagnosticLog())
        let script = try #require(theme.runtime.dataScript(live: true, session: true))
        #expect(html.contains(script.text) && script.text.contains("data-fg-logout"))
        let onlySession = try #require(theme.runtime.dataScript(live: false, session: true))
        #expect(!onlySession.text.contains("fg-data-spec") && onlySession.text.contains("fg-session-check"))

        let wrong = page.replacingOccurrences(of: "check: me", with: "check: mee")
        let lines = try DiagnosticCatalogTests.diagnostics(.init("page", ["configs/pages/home.yaml": wrong], []))
        #expect(lines == ["configs/pages/home.yaml:3:26: error: requiresSession check 'mee' is not a data source of this page (did you mean 'me'?)"])
    }

    /// The build formats every shared case as `data.js` does (Tests/runtime/data.test.mjs checks the same file).
    @Test func buildTimeFormattingMatchesTheRuntimesSharedCases() throws {
        let file = Repository.root.appendingPathComponent("Tests/vectors/data-formats.json")
        guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file)), case .array(let cases)? = root["cases"] else {
            Issue.record("no cases")
            return
        }
        #expect(cases.count >= 30)
        for item in cases {
            guard case .object(let c) = item, case .string(let language)? = c["lang"], case .object(let spec)? = c["column"],
                  case .string(let text)? = c["text"] else { continue }
            var column = DataColumn(key: "v", label: "V")
            if case .string(let format)? = spec["format"] { column.format = DataFormat(rawValue: format) ?? .text }
            if case .string(let code)? = spec["currency"] { column.currency = code }
            if case .string(let key)? = spec["currencyKey"] { column.currencyKey = key }
            if case .number(let decimals)? = spec["decimals"] { column.decimals = Int(decimals) }
            let value = c["value"] ?? .null
            let formatted = DataValueFormatter(language: language).format(value, column: column, entry: c["entry"] ?? .null)
            var expectedChange: String?
            if case .string(let change)? = c["change"] { expectedChange = change }
            #expect(formatted.text == text, "\(language) \(column.format) \(value)")
            #expect(formatted.change == expectedChange, "\(language) \(column.format) \(value)")
        }
    }

    /// Builds a site of `files` and returns the page at `path`.
    static func render(_ files: [String: String], path: String) throws -> String {
        let site = try TestSite(files)
        defer { try? FileManager.default.removeItem(at: site.root) }
        let builder = SiteBuilder(options: BuildOptions(configDirectory: site.configs.path, templatesDirectory: nil))
        let (loaded, theme) = try builder.loadAndCheck()
        return String(decoding: try #require(builder.render(loaded, theme: theme)[path]), as: UTF8.self)
    }
}
