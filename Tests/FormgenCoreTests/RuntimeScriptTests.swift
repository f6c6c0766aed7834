import FormgenTestSupport
import Foundation
import Testing
@testable import FormgenCore

/// The runtime's modules: the join's import/export grammar, the order, the choice per page, minified forms and overrides.
@Suite struct RuntimeScriptTests {
    static func module(_ name: String, _ source: String, minified: String? = nil) throws -> RuntimeModule {
        try RuntimeModule.parse(name: name, source: source, minified: minified).get()
    }

    static func failure(_ source: String) -> RuntimeModule.SyntaxError? {
        if case .failure(let error) = RuntimeModule.parse(name: "m", source: source) { return error }
        return nil
    }

    @Test func importLinesAreDroppedAndExportKeywordsStripped() throws {
        let source = """
        /* a */
        import { a, b } from "./values.js";
        import "./wizard.js";
        import {c} from "./dates-2.js";
        export function f() { return "import x"; }
        export var x = 1, importance = 2;
          export const inner = 3;
        importance = 4;
        exported();
        """
        let module = try Self.module("m", source)
        #expect(module.imports == [.init(module: "values", isOptional: false), .init(module: "wizard", isOptional: true),
                                   .init(module: "dates-2", isOptional: false)])
        #expect(module.body == """
        /* a */
        function f() { return "import x"; }
        var x = 1, importance = 2;
          export const inner = 3;
        importance = 4;
        exported();
        """)
        #expect(!module.isMinified)
    }

    @Test(arguments: [
        ("export default function () {}", "unsupported export: write 'export function', 'export var', 'export let', 'export const' or 'export class'"),
        ("export { a, b };", "unsupported export: write 'export function', 'export var', 'export let', 'export const' or 'export class'"),
        ("export async function a() {}", "unsupported export: write 'export function', 'export var', 'export let', 'export const' or 'export class'"),
        ("import {", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
        ("import * as values from \"./values.js\";", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
        ("import { a as b } from \"./values.js\";", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
        ("import { a } from \"../values.js\";", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
        ("import { a } from './values.js';", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
        ("import(\"./values.js\");", "unsupported import: write 'import { a, b } from \"./module.js\";' or 'import \"./module.js\";' on one line"),
    ])
    func unsupportedModuleSyntaxIsAnErrorAtItsLine(line: String, message: String) {
        #expect(Self.failure("var a = 1;\n\(line)\n") == RuntimeModule.SyntaxError(line: 2, message: message))
    }

    @Test func theMinifiedFormsAreUsedOnlyWhenAllWereMadeFromTheseSources() throws {
        let sources = ["f": "import { a } from \"./values.js\";\nexport function f(long) { return a(long); }\n",
                       "values": "export function a(value) { return value; }\n"]
        let whole = RuntimeScript.runtimeDigest(sources)
        func minified(_ name: String, _ body: String, digest: String = whole) -> String {
            RuntimeModule.minifiedHeader(sourceDigest: SHA256.hex(sources[name]!), runtimeDigest: digest) + "\n" + body
        }
        let module = try Self.module("f", sources["f"]!, minified: minified("f", "function b(n){return c(n)}\n"))
        #expect(!module.isMinified && module.body == "function f(long) { return a(long); }\n")
        #expect(module.minified?.body == "function b(n){return c(n)}" && module.minified?.runtimeDigest == whole, "its last line break left out")
        #expect(module.imports == [.init(module: "values", isOptional: false)])
        let stale = try Self.module("f", sources["f"]! + "// changed\n", minified: minified("f", "function b(n){return c(n)}\n"))
        #expect(stale.minified == nil)

        var texts = ["assets/runtime/f.js": sources["f"]!, "assets/runtime/values.js": sources["values"]!,
                     "assets/runtime/min/f.js": minified("f", "function b(n){return c(n)}\n"),
                     "assets/runtime/min/values.js": minified("values", "function c(n){return n}\n")]
        let runtime = RuntimeScript.load(texts: texts, paths: [:], log: DiagnosticLog())
        #expect(runtime.modules.values.allSatisfy { $0.isMinified })
        #expect(runtime.modules["f"]?.body == "function b(n){return c(n)}")
        texts["assets/runtime/min/values.js"] = minified("values", "function c(n){return n}\n", digest: String(repeating: "0", count: 64))
        let mixed = RuntimeScript.load(texts: texts, paths: [:], log: DiagnosticLog())
        #expect(mixed.modules.values.allSatisfy { !$0.isMinified }, "renamed top-level names only work together")
        #expect(mixed.modules["f"]?.body == "function f(long) { return a(long); }\n")
    }

    @Test func modulesJoinInEvaluationOrderLeavingOutUnusedOptionalOnes() throws {
        let modules = try [
            Self.module("main", "import { b } from \"./b.js\";\nimport \"./wizard.js\";\nimport \"./extra.js\";\nimport { a } from \"./a.js\";\nstart()"),
            Self.module("a", "export var a = 1;"),
            Self.module("b", "import { a } from \"./a.js\";\nexport function b() {}"),
            Self.module("wizard", "import { b } from \"./b.js\";\nwizard();"),
            Self.module("extra", "extra();"),
        ]
        let byName = Dictionary(uniqueKeysWithValues: modules.map { ($0.name, $0) })
        #expect(RuntimeScript.order(byName, using: []) == ["a", "b", "extra", "main"])
        #expect(RuntimeScript.order(byName, using: ["wizard"]) == ["a", "b", "wizard", "extra", "main"])
        #expect(RuntimeScript.join(["var a = 1;", "function b() {}\n", "", "start()"])
            == "(function(){\"use strict\";\nvar a = 1;\nfunction b() {}\n;\nstart()\n;\n})();")
        #expect(RuntimeScript.join(["var a=1;", "function b(){}", "", "start()"], minified: true)
            == "(function(){\"use strict\";\nvar a=1;function b(){};start();})();")
    }

    @Test func eachPageGetsTheOptionalModulesItsSpecUses() throws {
        let kyc = try #require(ExampleSite.form("kyc/nl"))
        let pets = try #require(ExampleSite.form("pet-adoption"))
        #expect(RuntimeScript.modules(for: FormSpec(kyc)) == ["drafts", "prefill", "readonly", "wizard"])
        let journey = try #require(ExampleSite.form("pet-adoption-journey"))
        #expect(RuntimeScript.modules(for: FormSpec(journey)) == ["bounds", "chosen", "compare", "conditions", "drafts", "journey", "mask", "wizard"])
        #expect(RuntimeScript.modules(for: FormSpec(pets)) == ["chosen", "conditions", "drafts", "mask", "wizard"])
        // chosen.js for selects, radios and checkboxes (their option check and labels): kyc/be has one checkbox only.
        #expect(!RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form("kyc/be")))).contains("chosen"))
        // conditions.js for a form's rules or a repeating section's only: kyc/nl and login have none.
        let household = try #require(ExampleSite.form("household"))
        #expect(FormSpec(household).rules.isEmpty && RuntimeScript.modules(for: FormSpec(household)).contains("conditions"))
        let login = try #require(ExampleSite.form("login"))
        let register = try #require(ExampleSite.form("register"))
        #expect(RuntimeScript.modules(for: FormSpec(login)) == ["ready", "send"])
        #expect(RuntimeScript.modules(for: FormSpec(register)) == ["compare", "drafts", "send"])
        let site = try TestSite.form("dates.yaml", """
        id: dates
        title: Dates
        fields:
          - { id: pin, label: PIN, type: password, required: true }
          - { id: born, label: Born, type: date, sensitive: true, validation: { minAge: { value: 18 } } }
        """)
        let loaded = site.load()
        let form = try #require(loaded.site.allForms.first, "\(loaded.diagnostics)")
        #expect(RuntimeScript.modules(for: FormSpec(form)) == ["bounds"])
    }

    @Test func aDateBoundRelativeToTodayJoinsOffsetsAndAFixedOneDoesNot() throws {
        // kyc/be and registration: 1900-01-01, today and ages only.
        for path in ["kyc/be", "registration"] {
            let form = try #require(ExampleSite.form(path))
            let used = RuntimeScript.modules(for: FormSpec(form))
            #expect(used.contains("bounds") && !used.contains("offsets"), "\(path): \(used.sorted())")
        }
        let site = try TestSite.form("relative.yaml", """
        id: relative
        title: Relative
        fields:
          - { id: born, label: Born, type: date, validation: { minDate: 1900-01-01, maxDate: today } }
          - { id: start, label: Start, type: date, validation: { minDate: +30d } }
        """)
        let form = try #require(site.load().site.allForms.first)
        #expect(RuntimeScript.modules(for: FormSpec(form)) == ["bounds", "drafts", "offsets"])
        let fixed = try #require(FormSpec(form).fields.first)
        #expect(!RuntimeScript.hasOffsetBound(fixed))
        let runtime = RenderTests.theme.runtime
        let offsets = try #require(runtime.modules["offsets"]?.body)
        let page = try #require(runtime.script(for: FormSpec(form)))
        #expect(page.text.contains(offsets))
        var fixedOnly = FormSpec(form)
        fixedOnly.fields.removeLast()
        let fixedPage = try #require(runtime.script(for: fixedOnly))
        #expect(!fixedPage.text.contains(offsets))
        // The console's Formgen.resolveBound on a preview page resolves relative bounds too.
        #expect(try #require(runtime.script(for: fixedOnly, exposing: true)).text.contains(offsets))
    }

    @Test func operatorsAndFileTypesJoinOnlyWhereAConditionOrAnAcceptNamesOne() throws {
        // The example site's rules use equals and notEquals only; registration accepts image/png and image/jpeg.
        for path in ["registration", "pet-adoption", "pet-adoption-journey", "household", "kyc/be"] {
            let used = RuntimeScript.modules(for: FormSpec(try #require(ExampleSite.form(path))))
            #expect(!used.contains("operators") && !used.contains("filetypes"), "\(path): \(used.sorted())")
        }
        let site = try TestSite.form("operators.yaml", """
        id: operators
        title: Operators
        fields:
          - { id: age, label: Age, type: number }
          - { id: pets, label: Pets, type: number }
          - { id: scan, label: Scan, type: file, accept: [".pdf", "image/png"] }
          - { id: photo, label: Photo, type: file, accept: ["image/*"] }
        rules:
          - { when: age, condition: greaterThan, value: "17", action: show, otherwise: hide, targets: [pets] }
        """)
        let loaded = site.load()
        let form = try #require(loaded.site.allForms.first, "\(loaded.diagnostics)")
        let spec = FormSpec(form)
        #expect(RuntimeScript.modules(for: spec).isSuperset(of: ["conditions", "operators", "files", "filetypes"]))
        var plain = spec
        plain.rules = plain.rules.map { rule in var rule = rule; rule.condition = "notEmpty"; return rule }
        plain.fields.removeAll { $0.id == "scan" }
        // A wildcard needs filetypes as an extension does; MIME types alone do not.
        #expect(RuntimeScript.modules(for: plain).contains("filetypes"))
        if let photo = plain.fields.firstIndex(where: { $0.id == "photo" }) { plain.fields[photo].upload?.accept = ["image/png", "image/jpeg"] }
        let used = RuntimeScript.modules(for: plain)
        #expect(used.contains("conditions") && used.contains("files") && !used.contains("operators") && !used.contains("filetypes"))
        // The script holds a module exactly when the page uses it; the console's preview joins operators.
        let runtime = RenderTests.theme.runtime
        let operators = try #require(runtime.modules["operators"]?.body), filetypes = try #require(runtime.modules["filetypes"]?.body)
        let full = try #require(runtime.script(for: spec)).text, bare = try #require(runtime.script(for: plain)).text
        #expect(full.contains(operators) && full.contains(filetypes))
        #expect(!bare.contains(operators) && !bare.contains(filetypes))
        #expect(try #require(runtime.script(for: plain, exposing: true)).text.contains(operators))
    }

    @Test func theBuiltInModulesAreMinifiedFromTheirCurrentSources() {
        let runtime = RenderTests.theme.runtime
        #expect(Set(runtime.modules.keys).isSuperset(of: ["main", "page", "validate", "bounds", "drafts", "mask", "prefill", "wizard"]))
        for module in runtime.modules.values.sorted(by: { $0.name < $1.name }) {
            #expect(module.isMinified, "templates/assets/runtime/min/\(module.name).js is out of date: run scripts/minify-runtime")
        }
    }

    @Test func aPageHoldsItsScriptAndTheScriptsHashInItsPolicy() throws {
        for path in ["kyc/nl", "pet-adoption"] {
            let form = try #require(ExampleSite.form(path))
            let script = try #require(RenderTests.theme.runtime.script(for: FormSpec(form)))
            let html = try RenderTests.page(path)
            #expect(html.contains("<script>\(script.text)</script>"))
            #expect(html.contains("script-src \(script.cspSource.replacingOccurrences(of: "'", with: "&#39;"))"))
            let wizard = try #require(RenderTests.theme.runtime.modules["wizard"]).body.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(script.text.contains(wizard) == (form.pages.count > 1 || form.hasReview))
        }
    }

    @Test func aSitesModuleReplacesTheBuiltInOneAsWritten() throws {
        let builtin = try String(contentsOfFile: Repository.templates + "/assets/runtime/wizard.js", encoding: .utf8)
        let override = builtin.replacingOccurrences(of: "function showPage(", with: "/* the site's wizard */ function showPage(")
        let site = try TestSite(["templates/assets/runtime/wizard.js": override])
        let log = DiagnosticLog()
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: log)
        #expect(log.diagnostics.isEmpty)
        let wizard = try #require(theme.runtime.modules["wizard"])
        #expect(!wizard.isMinified && wizard.body.contains("/* the site's wizard */ function showPage(index, moveFocus) {"))
        #expect(theme.runtime.modules["page"]?.isMinified == false, "the other modules' minified forms rename what the site's module calls")
        let pets = try #require(ExampleSite.form("pet-adoption"))
        let script = try #require(theme.runtime.script(for: FormSpec(pets)))
        #expect(script.text.contains(wizard.body.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!script.text.contains("import "))
    }

    @Test func aSitesModuleThatCannotBeJoinedIsReportedAtItsLine() throws {
        let site = try TestSite([
            "templates/assets/runtime/drafts.js": "// drafts\nexport default function () {}\n",
            "templates/assets/runtime/mask.js": "import { nothing } from \"./missing.js\";\n",
        ])
        let log = DiagnosticLog()
        _ = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: log)
        let prefix = site.root.path + "/"
        #expect(log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") } == [
            "templates/assets/runtime/drafts.js:2:1: error: runtime module: unsupported export: write 'export function', 'export var', 'export let', 'export const' or 'export class'",
            "templates/assets/runtime/mask.js:1:1: error: runtime module 'mask' imports './missing.js', which does not exist",
        ])
    }

    @Test func aWholeRuntimeFileReplacesTheModules() throws {
        let site = try TestSite(["templates/assets/formgen.js": "console.log('mine');\n"])
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
        let form = try #require(ExampleSite.form("kyc/nl"))
        #expect(theme.runtime.script(for: FormSpec(form))?.text == "console.log('mine');\n")
    }

    /// The interface texts a script reads: `.key` ending a word, or `"key"` quoted; a longer name that starts like a
    /// key is not it, and a key at the very end of the script counts.
    @Test(arguments: [
        ("M.step+1", ["step"]), ("M.stepper", []), ("M[\"tooFast\"]", ["tooFast"]), ("x.sent", ["sent"]),
        ("x.sentence; y.sending", ["sending"]), ("\"retry\"", ["retry"]), ("retry", []), ("a.loading_", []), ("", []),
        ("b.sendFailed.c.sent$", ["sendFailed"]), (".searchHint .searchNone)", ["searchHint", "searchNone"]),
    ])
    func theTextsAScriptReadsAreFoundByName(script: String, keys: [String]) {
        #expect(RuntimeScript.PageScript(joined: script).messageKeys == Set(keys))
    }

    /// A module body is trimmed at its ends, white space of any kind, and a body that is only white space is left out.
    @Test func bodiesAreJoinedTrimmed() {
        #expect(RuntimeScript.join(["  a()\n", "\u{00A0}\tb();\u{2028}", " \n "]) == "(function(){\"use strict\";\na()\n;\nb();\n})();")
        #expect(ASCIIWords.trimmed("a") == "a")
        #expect(ASCIIWords.trimmed(" ") == "")
        #expect(ASCIIWords.trimmed("\u{3000}x\r\n") == "x")
        #expect(ASCIIWords.trimmed(" \tx y\n") == "x y")
    }
}
