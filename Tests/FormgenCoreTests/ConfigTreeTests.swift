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
        let (yaml, yamlRoot) = ConfigTree.yaml(try #require(try Yams.compose(yaml: text, .basic)), file: path)
        let json = Self.nodes(tree, root), expected = Self.nodes(yaml, yamlRoot)
        #expect(json.count == expected.count)
        #expect(json.count > 20)
        #expect(zip(json, expected).first { $0 != $1 }.map { "\($0.0) ≠ \($0.1)" } == nil)
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
