/// One parsed config file: every node in one array, each with its line and column, mappings with their keys' text
/// ready to compare. Read through ``ConfigNode``; made by ``ConfigTree/yaml(_:file:)`` or ``ConfigTree/json(_:file:maximumDepth:)``.
final class ConfigTree: @unchecked Sendable {
    enum Kind: UInt8 {
        case scalar, mapping, sequence
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
    /// Read-only once made: readers look nodes up without the exclusivity checks a mutable property costs.
    let nodes: [Node]
    let children: [Int32]

    init(file: String, nodes: [Node] = [], children: [Int32] = []) {
        self.file = file
        self.nodes = nodes
        self.children = children
    }

    /// Collects a tree's nodes as a reader meets them; ``tree(file:)`` makes the tree.
    struct Builder {
        private(set) var nodes: [Node] = []
        private(set) var children: [Int32] = []

        /// Makes room for `count` nodes and as many child entries.
        mutating func reserveCapacity(_ count: Int) {
            nodes.reserveCapacity(count)
            children.reserveCapacity(count)
        }

        /// Adds a node and returns its index; `children` are its children's indices (for a mapping: key, value, …).
        @discardableResult
        mutating func add(_ kind: Kind, plain: Bool = false, line: Int, column: Int, text: String = "", children own: [Int32] = []) -> Int32 {
            add(kind, plain: plain, line: line, column: column, text: text, children: own[...])
        }

        @discardableResult
        mutating func add(_ kind: Kind, plain: Bool = false, line: Int, column: Int, text: String = "", children own: ArraySlice<Int32>) -> Int32 {
            nodes.append(Node(kind: kind, plain: plain, line: Int32(clamping: line), column: Int32(clamping: column), text: text,
                              first: Int32(children.count), count: Int32(own.count)))
            children.append(contentsOf: own)
            return Int32(nodes.count - 1)
        }

        /// The key texts of the nodes `members` lists as key, value, key, value, …, each once, in order, that
        /// appear more than once.
        func repeatedKeys(_ members: [Int32]) -> [String] {
            var repeated: [String] = []
            if members.count <= 32 {
                for position in stride(from: 2, to: members.count, by: 2) {
                    let key = nodes[Int(members[position])].text
                    if !repeated.contains(key), stride(from: 0, to: position, by: 2).contains(where: { nodes[Int(members[$0])].text == key }) {
                        repeated.append(key)
                    }
                }
                return repeated
            }
            var seen: Set<String> = []
            for position in stride(from: 0, to: members.count, by: 2) {
                let key = nodes[Int(members[position])].text
                if !seen.insert(key).inserted, !repeated.contains(key) { repeated.append(key) }
            }
            return repeated
        }

        func tree(file: String) -> ConfigTree {
            ConfigTree(file: file, nodes: nodes, children: children)
        }
    }

    /// Indices of the children of node `index`.
    func children(of index: Int32) -> ArraySlice<Int32> {
        let node = nodes[Int(index)]
        return children[Int(node.first)..<Int(node.first + node.count)]
    }
}
