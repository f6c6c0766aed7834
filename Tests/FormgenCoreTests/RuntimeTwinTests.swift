import Foundation
import Testing

/// The Swift twin of the browser runtime (issue #33, item 1): every module of `templates/assets/runtime/` that judges
/// something has its twin in `Sources/FormgenRuntime/` (a module split out of another for page weight keeps the twin), and every other module is named here as browser-only. The
/// manual's code map (`configs/manual/docs/development.md`) shows the same table.
@Suite struct RuntimeTwinTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runtime module → its Swift twin in Sources/FormgenRuntime.
    static let twins: [String: String] = [
        "values.js": "Values.swift", "dates.js": "Dates.swift", "bounds.js": "Bounds.swift", "rules.js": "Rules.swift", "conditions.js": "Conditions.swift",
        "journey.js": "Journey.swift", "validate.js": "Validate.swift", "repeat.js": "Repeat.swift", "files.js": "Files.swift",
        "drop.js": "Options.swift", "submit.js": "Submit.swift", "page.js": "Page.swift", "choice.js": "Choice.swift", "count.js": "Count.swift",
        "grid.js": "Grid.swift", "offsets.js": "Bounds.swift", "compare.js": "Validate.swift", "chosen.js": "Validate.swift",
        "readonly.js": "Validate.swift", "operators.js": "Conditions.swift", "filetypes.js": "Files.swift",
    ]

    /// Modules that only act on the page (controls, steps, drafts, sending): nothing a server judges.
    static let browserOnly: Set<String> = [
        "api.js", "data.js", "datebox.js", "drafts.js", "errors.js", "expose.js", "frame.js", "main.js", "mask.js", "options.js", "prefill.js", "ready.js", "retry.js", "scale.js",
        "multipart.js", "search.js", "send.js", "session.js", "source.js",
        "wizard.js",
    ]

    static func runtimeModules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("templates/assets/runtime").path)
            .filter { $0.hasSuffix(".js") }.sorted()
    }

    @Test func everyRuntimeModuleIsTwinnedOrBrowserOnly() throws {
        let modules = try Self.runtimeModules()
        #expect(modules.count >= 20)
        for module in modules {
            #expect((Self.twins[module] != nil) != Self.browserOnly.contains(module), "\(module): twin it in Sources/FormgenRuntime or list it as browser-only")
        }
        #expect(Set(Self.twins.keys).union(Self.browserOnly) == Set(modules), "the tables name only modules that exist")
    }

    @Test(arguments: twins.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    func theTwinExistsAndSaysSo(_ pair: [String]) throws {
        let file = Self.root.appendingPathComponent("Sources/FormgenRuntime/\(pair[1])")
        let text = try String(contentsOf: file, encoding: .utf8)
        // A twin of several modules (Bounds.swift: bounds.js and offsets.js) names each: "// The twin of a.js and b.js:".
        let named = text.hasPrefix("// The twin of ") ? text.dropFirst("// The twin of ".count).prefix { $0 != ":" && $0 != "\n" } : ""
        #expect(named.components(separatedBy: " and ").contains(pair[0]), "\(pair[1]) starts by naming its module")
    }

    @Test func theManualsCodeMapShowsTheTable() throws {
        // Read with its line breaks and indents as single spaces: the code map wraps the list.
        let codeMap = try String(contentsOf: Self.root.appendingPathComponent("configs/manual/docs/development.md"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (module, twin) in Self.twins {
            #expect(codeMap.contains("\(module) ↔ \(twin)"), "\(module)")
        }
        let listed = Self.browserOnly.map { String($0.dropLast(3)) }.sorted().joined(separator: ", ")
        #expect(codeMap.contains("browser-only: \(listed)."))
    }

    /// FormgenRuntime depends on nothing of formgen: its sources import Foundation and MultipartKit only.
    @Test func theRuntimeTargetImportsNothingOfFormgen() throws {
        let folder = Self.root.appendingPathComponent("Sources/FormgenRuntime")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@_exported import ") }
            #expect(imports.allSatisfy { $0 == "import Foundation" || $0 == "import MultipartKit" }, "\(name): \(imports)")
        }
    }
}
