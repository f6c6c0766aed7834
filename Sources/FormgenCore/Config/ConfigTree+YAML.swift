import CYaml

extension ConfigTree {
    /// What reading a YAML text gave.
    enum YAMLReading {
        case tree(ConfigTree, root: Int32)
        /// A stream without a document.
        case empty
        /// The first problem and where it is (a syntax error, a repeated key, an alias bomb).
        case invalid(line: Int, column: Int, message: String)
    }

    /// The most values aliases (`*name`) may repeat in one file: each alias counts every value its anchor holds,
    /// so a few hundred bytes of nested aliases (a "billion laughs") cannot make a reader walk billions of values.
    static let maximumAliasedValues = 100_000
    /// The deepest nesting a YAML config may have (as for JSON configs).
    static let maximumYAMLDepth = StrictJSON.maximumDepth

    /// Reads a YAML text with libyaml's event API straight into a tree: an alias shares its anchor's nodes
    /// (nothing is copied), keys are compared as they are read, and the values aliases repeat are bounded.
    static func yaml(_ text: String, file: String) -> YAMLReading {
        var text = text
        return text.withUTF8 { bytes in
            var reader = YAMLTreeReader(file: file)
            return reader.read(bytes)
        }
    }
}

/// The one-pass reader behind ``ConfigTree/yaml(_:file:)``.
private struct YAMLTreeReader {
    /// A mapping or sequence whose end has not been read yet.
    struct Open {
        var kind: ConfigTree.Kind
        var line: Int
        var column: Int
        var anchor: String?
        /// Where its children start in `pending`.
        var start: Int
        /// How many values it holds with every alias counted in full (itself included).
        var expanded = 1
    }

    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    let file: String
    var builder = ConfigTree.Builder()
    /// Per node: how many values it holds with aliases counted in full, itself included.
    var expanded: [Int] = []
    var anchors: [String: Int32] = [:]
    var stack: [Open] = []
    /// The children of every open collection, the innermost's last: one array for all, not one per collection.
    var pending: [Int32] = []
    var aliased = 0

    init(file: String) { self.file = file }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ConfigTree.YAMLReading {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .invalid(line: 1, column: 1, message: "cannot parse: out of memory") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        // About one node in every eight bytes of a config: room for them at once, not grown by copying.
        builder.reserveCapacity(bytes.count / 8)
        expanded.reserveCapacity(bytes.count / 8)
        var root: Int32?
        var documents = 0
        do {
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.failure(of: parser, bytes: bytes) }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard let root else { return .empty }
                    return .tree(builder.tree(file: file), root: root)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw Failure(line: line, column: column, message: "syntax error: \(YAMLMessages.translate("but found another document")) (expected a single document in the stream at 1:1)")
                    }
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let index = builder.add(.scalar, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, line: line, column: column, text: value)
                    expanded.append(1)
                    try finish(index, anchor: Self.text(scalar.anchor), into: &root)
                case YAML_SEQUENCE_START_EVENT:
                    try open(.sequence, line: line, column: column, anchor: Self.text(event.data.sequence_start.anchor))
                case YAML_MAPPING_START_EVENT:
                    try open(.mapping, line: line, column: column, anchor: Self.text(event.data.mapping_start.anchor))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let done = stack.removeLast()
                    let members = pending[done.start...]
                    if done.kind == .mapping { try checkKeys(members) }
                    let index = builder.add(done.kind, line: done.line, column: done.column, children: members)
                    pending.removeSubrange(done.start...)
                    expanded.append(done.expanded)
                    try finish(index, anchor: done.anchor, into: &root)
                case YAML_ALIAS_EVENT:
                    let name = Self.text(event.data.alias.anchor) ?? ""
                    guard let index = anchors[name] else {
                        throw Failure(line: line, column: column, message: "syntax error: \(YAMLMessages.translate("found undefined alias"))")
                    }
                    aliased += expanded[Int(index)]
                    if aliased > ConfigTree.maximumAliasedValues {
                        throw Failure(line: line, column: column, message: "aliases repeat more than \(ConfigTree.maximumAliasedValues) values in this file (each '*\(name)' repeats everything its anchor holds); write the values out instead")
                    }
                    try finish(index, anchor: nil, into: &root)
                default:
                    break
                }
            }
        } catch let failure as Failure {
            return .invalid(line: failure.line, column: failure.column, message: failure.message)
        } catch {
            return .invalid(line: 1, column: 1, message: "cannot parse: \(error)")
        }
    }

    private mutating func open(_ kind: ConfigTree.Kind, line: Int, column: Int, anchor: String?) throws {
        guard stack.count < ConfigTree.maximumYAMLDepth else {
            throw Failure(line: line, column: column, message: "nested more than \(ConfigTree.maximumYAMLDepth) levels deep")
        }
        stack.append(Open(kind: kind, line: line, column: column, anchor: anchor, start: pending.count))
    }

    /// A node is complete: named by its anchor, and a child of the open collection (or the document's root).
    private mutating func finish(_ index: Int32, anchor: String?, into root: inout Int32?) throws {
        if let anchor { anchors[anchor] = index }
        guard !stack.isEmpty else {
            root = index
            return
        }
        pending.append(index)
        let (sum, overflow) = stack[stack.count - 1].expanded.addingReportingOverflow(expanded[Int(index)])
        stack[stack.count - 1].expanded = overflow ? Int.max : sum
    }

    /// A key written twice in one mapping is an error at the first key (in name order) that repeats, as Yams reported it.
    private func checkKeys(_ members: ArraySlice<Int32>) throws {
        if members.count <= 32, !hasRepeatedScalarKey(members) { return }
        let members = Array(members)
        var scalarMembers: [Int32] = []
        for position in stride(from: 0, to: members.count - 1, by: 2) where builder.nodes[Int(members[position])].kind == .scalar {
            scalarMembers += [members[position], members[position + 1]]
        }
        let repeated = builder.repeatedKeys(scalarMembers).sorted()
        guard let first = repeated.first else { return }
        let key = stride(from: 0, to: members.count, by: 2).lazy.map { builder.nodes[Int(members[$0])] }.first { $0.text == first }
        throw Failure(line: Int(key?.line ?? 1), column: Int(key?.column ?? 1),
                      message: "duplicate key\(repeated.count > 1 ? "s" : "") \(repeated.map { "'\($0)'" }.joined(separator: ", ")) in mapping")
    }

    /// Whether two scalar keys of a small mapping have the same text, compared pairwise without allocating.
    private func hasRepeatedScalarKey(_ members: ArraySlice<Int32>) -> Bool {
        let nodes = builder.nodes
        for position in stride(from: members.startIndex + 2, to: members.endIndex - 1, by: 2) where nodes[Int(members[position])].kind == .scalar {
            let key = nodes[Int(members[position])].text
            for earlier in stride(from: members.startIndex, to: position, by: 2) where nodes[Int(members[earlier])].kind == .scalar {
                if nodes[Int(members[earlier])].text == key { return true }
            }
        }
        return false
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The parser's error in formgen's words, where libyaml found it.
    private static func failure(of parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            var message = "syntax error: \(YAMLMessages.translate(problem))"
            if let context = parser.context {
                message += " (\(String(cString: context)) at \(parser.context_mark.line + 1):\(parser.context_mark.column + 1))"
            }
            return Failure(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1, message: message)
        case YAML_READER_ERROR:
            let offset = min(Int(parser.problem_offset), bytes.count)
            let characters = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<offset]), as: UTF8.self).count
            return Failure(line: 1, column: 1, message: "cannot read file: \(problem) at byte \(characters)")
        case YAML_MEMORY_ERROR:
            return Failure(line: 1, column: 1, message: "cannot parse: out of memory")
        default:
            return Failure(line: 1, column: 1, message: "cannot parse: \(problem)")
        }
    }
}
