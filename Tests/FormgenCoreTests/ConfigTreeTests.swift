import Foundation
import Testing
import Yams
@testable import FormgenCore

/// `.json` configs are read by one JSON pass straight into the node tree, with what the YAML reader gave before:
/// the same nodes, texts, quoting and positions.
@Suite struct ConfigTreeTests {
    /// (`Tests/vectors/validation.json` is left out: a U+FEFF inside one of its strings is text to JSON, and the YAML
    /// reader dropped it.)
    static let jsonFiles: [String] = [
        "configs/forms/pet-adoption.json", "configs/forms/lumiform-nested.json", "configs/schemas/formgen-form.schema.json",
        "configs/schemas/formgen-site.schema.json", "configs/schemas/formgen-country.schema.json",
        "Tests/FormgenCoreTests/Fixtures/formats/pet-readme-example.json",
    ]

    /// Every node of both trees, depth first: kind, quoting, text, line and column.
    static func nodes(_ tree: ConfigTree, _ index: Int32) -> [String] {
        let node = tree.nodes[Int(index)]
        let own = "\(node.kind) \(node.plain) \(node.line):\(node.column) \(node.text)"
        return [own] + tree.children(of: index).flatMap { nodes(tree, $0) }
    }

    @Test(arguments: jsonFiles)
    func readsJSONAsTheYAMLReaderDid(_ path: String) throws {
        let text = try String(contentsOfFile: Repository.root.appendingPathComponent(path).path, encoding: .utf8)
        guard case .tree(let tree, let root) = ConfigTree.json(text, file: path) else {
            Issue.record("\(path) was not read")
            return
        }
        guard case .tree(let yaml, let yamlRoot) = ConfigTree.yaml(text, file: path) else {
            Issue.record("\(path) was not read as YAML")
            return
        }
        let json = Self.nodes(tree, root), expected = Self.nodes(yaml, yamlRoot)
        #expect(json.count == expected.count)
        #expect(json.count > 20)
        #expect(zip(json, expected).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" } == nil)
    }

    /// Yams's node tree written as ``nodes(_:_:)`` writes a tree: what the YAML reader gave before it read libyaml's events itself.
    static func yamsNodes(_ node: Yams.Node) -> [String] {
        let at = "\(node.mark?.line ?? 1):\(node.mark?.column ?? 1)"
        switch node {
        case .scalar(let scalar): return ["scalar \(scalar.style == .plain) \(at) \(scalar.string)"]
        case .mapping(let mapping): return ["mapping false \(at) "] + mapping.flatMap { yamsNodes($0.key) + yamsNodes($0.value) }
        case .sequence(let sequence): return ["sequence false \(at) "] + sequence.flatMap { yamsNodes($0) }
        case .alias: return []
        }
    }

    static let yamlFiles: [String] = {
        let root = Repository.root.path
        let folders = ["configs", "templates/starters", "Tests/FormgenCoreTests/Fixtures"]
        return folders.flatMap { folder in
            (FileManager.default.enumerator(atPath: root + "/" + folder)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.map { folder + "/" + $0 }
        }.sorted()
    }()

    @Test func readsEveryYAMLConfigAsYamsDid() throws {
        #expect(Self.yamlFiles.count > 30)
        var compared = 0
        for path in Self.yamlFiles {
            let text = try String(contentsOfFile: Repository.root.appendingPathComponent(path).path, encoding: .utf8)
            guard let yams = try? Yams.compose(yaml: text, .basic) else {
                #expect(ConfigFile.parse(text: text, file: path, log: DiagnosticLog()) == nil, "\(path): Yams refuses it, so must formgen")
                continue
            }
            guard case .tree(let tree, let root) = ConfigTree.yaml(text, file: path) else {
                Issue.record("\(path) was not read")
                continue
            }
            #expect(Self.nodes(tree, root) == Self.yamsNodes(yams), "\(path)")
            compared += 1
        }
        #expect(compared > 30)
    }

    @Test func aliasesShareTheirAnchorsNodesAndReadAsItsValues() throws {
        let text = "base: &v {required: true, minLength: 2}\nfields:\n  - {id: a, validation: *v}\n  - {id: b, validation: *v}\n"
        let log = DiagnosticLog()
        let root = try #require(ConfigFile.parse(text: text, file: "f.yaml", log: log))
        let fields = try #require(root["fields"]).elements
        #expect(fields.map { $0["validation"]?.bool("required") } == [true, true])
        #expect(fields.map { $0["validation"]?.location } == Array(repeating: SourceLocation(file: "f.yaml", line: 1, column: 7), count: 2))
        #expect(log.diagnostics.isEmpty)
    }

    /// A "billion laughs": nine levels of nine aliases would be 387 million values; it is refused at the alias that
    /// passes the bound, at once and in little memory.
    @Test func anAliasBombIsALocatedError() {
        var text = "a: &a [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
            let name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let log = DiagnosticLog()
        #expect(ConfigFile.parse(text: text, file: "bomb.yaml", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [
            "bomb.yaml:6:8: error: aliases repeat more than 100000 values in this file (each '*e' repeats everything its anchor holds); write the values out instead",
        ])
    }

    @Test(arguments: [
        ("a: 1\n---\nb: 2\n", "f.yaml:2:1: error: syntax error: but found another document (expected a single document in the stream at 1:1)"),
        ("a: *nowhere\n", "f.yaml:1:4: error: syntax error: found undefined alias"),
        ("a: 1\nb: {c: 1, c: 2}\n", "f.yaml:2:5: error: duplicate key 'c' in mapping"),
        ("b: 1\na: 1\nb: 2\na: 3\n", "f.yaml:2:1: error: duplicate keys 'a', 'b' in mapping"),
        (String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n", "f.yaml:1:257: error: nested more than 256 levels deep"),
    ])
    func yamlProblemsAreLocatedErrors(_ text: String, _ expected: String) {
        let log = DiagnosticLog()
        #expect(ConfigFile.parse(text: text, file: "f.yaml", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [expected])
    }

    @Test func decodesEscapesAndKeepsNumbersAsWritten() throws {
        let text = #"{"a": "caf\u00e9 \ud83d\ude00 \"q\" \/ \n", "n": -1.50e+3, "t": true, "z": null, "s": "null"}"#
        guard case .tree(let tree, let root) = ConfigTree.json(text, file: "f.json") else {
            Issue.record("not read")
            return
        }
        let node = ConfigNode(tree: tree, index: root, log: DiagnosticLog())
        #expect(node.string("a") == "café 😀 \"q\" / \n")
        #expect(node["n"]?.scalarText == "-1.50e+3")
        #expect(node.bool("t") == true)
        #expect(node["z"]?.isNull == true)
        #expect(node["s"]?.isNull == false)
        #expect(node["a"]?.location == SourceLocation(file: "f.json", line: 1, column: 7))
    }

    @Test func aKeyWrittenTwiceIsALocatedError() {
        let log = DiagnosticLog()
        #expect(ConfigFile.parse(text: "{\n  \"title\": \"T\",\n  \"pages\": [],\n  \"title\": \"U\"\n}\n", file: "f.json", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == ["f.json:1:1: error: duplicate key 'title' in mapping"])
    }

    @Test(arguments: [("{\"a\": [1, 2,]}", "f.json:1:12: error: JSON does not allow a comma before ']'; remove this comma"),
                      ("{\"a\": 1 // note\n}", "f.json:1:9: error: JSON does not allow comments; remove it (or write the config as YAML)"),
                      ("  \n", "f.json:1:1: error: file is empty")])
    func notJSONIsALocatedError(_ text: String, _ expected: String) {
        let log = DiagnosticLog()
        #expect(ConfigFile.parse(text: text, file: "f.json", log: log) == nil)
        #expect(log.diagnostics.map(\.description) == [expected])
    }
}
