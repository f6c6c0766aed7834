import Yams

/// One parsed config file: every node in one array, each with its line and column, mappings with their keys' text
/// ready to compare. Read through ``ConfigNode``; made from Yams's node tree (YAML) or by ``ConfigTree/json(_:)``.
final class ConfigTree: @unchecked Sendable {
    enum Kind: UInt8 {
        case scalar, mapping, sequence, alias
    }

    struct Node {
        var kind: Kind
        /// A plain (unquoted) scalar: only those can mean nothing (`~`, `null`, an empty value).
        var plain: Bool
        var line: Int32
        var column: Int32
        /// A scalar's text.
        var text: String
        /// Where the node's children start in `children`, and how many entries they take (a mapping's entries are
        /// key, value, key, value, …).
        var first: Int32
        var count: Int32
    }

    let file: String
    private(set) var nodes: [Node] = []
    private(set) var children: [Int32] = []

    init(file: String) {
        self.file = file
    }

    /// Adds a node and returns its index; `children` are its children's indices (for a mapping: key, value, …).
    @discardableResult
    func add(_ kind: Kind, plain: Bool = false, line: Int, column: Int, text: String = "", children own: [Int32] = []) -> Int32 {
        nodes.append(Node(kind: kind, plain: plain, line: Int32(clamping: line), column: Int32(clamping: column), text: text,
                          first: Int32(children.count), count: Int32(own.count)))
        children.append(contentsOf: own)
        return Int32(nodes.count - 1)
    }

    /// Indices of the children of node `index`.
    func children(of index: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(index)]
        return children[Int(node.first)..<Int(node.first + node.count)]
    }

    /// The tree of a Yams document, its root at the last index.
    static func yaml(_ root: Yams.Node, file: String) -> (ConfigTree, Int32) {
        let tree = ConfigTree(file: file)
        let index = tree.add(root)
        return (tree, index)
    }

    private func add(_ node: Yams.Node) -> Int32 {
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        switch node {
        case .scalar(let scalar):
            return add(.scalar, plain: scalar.style == .plain, line: line, column: column, text: scalar.string)
        case .mapping(let mapping):
            var own: [Int32] = []
            own.reserveCapacity(mapping.count * 2)
            for pair in mapping {
                own.append(add(pair.key))
                own.append(add(pair.value))
            }
            return add(.mapping, line: line, column: column, children: own)
        case .sequence(let sequence):
            let own = sequence.map { add($0) }
            return add(.sequence, line: line, column: column, children: own)
        case .alias:
            return add(.alias, line: line, column: column)
        }
    }
}
