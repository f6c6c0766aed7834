import Foundation

/// The theme's stylesheet, inlined into each page with only the rules that page can use.
///
/// A rule is left out of a page when every selector in its list needs a class or an element the page never has:
/// a class counts as present when its name appears as a word anywhere in the page (its HTML or its runtime,
/// which is where classes added in the browser are named), an element when the HTML has `<name` or the runtime
/// the string `"name"`; the one-word value an attribute selector matches exactly (`[dir=rtl]`) and the name of an
/// `aria-` or `data-` attribute, `disabled` or `readonly` it tests count like a class.
/// Rules without classes or elements (`*`, `[hidden]`, `:root`) and at-rules other than `@media` and `@supports`
/// always stay. Keeping too much only costs bytes; nothing a page can show loses its style.
public final class StyleSheet: @unchecked Sendable {
    /// The whole stylesheet, minified.
    public let text: String
    private let blocks: [Block]
    private let names: Names
    /// How many selectors the rules have (a page's marks are that many).
    private let selectorCount: Int
    private let lock = NSLock()
    /// By the page's used selectors, packed 64 to a word (hashing a `[Bool]` of every selector cost more).
    private var subsets: [[UInt64]: Subset] = [:]
    /// The words of each runtime script, by its hash.
    private var scripts: [String: PageWords] = [:]

    /// A page's part of the stylesheet and its CSP source (`'sha256-…'`).
    public struct Subset: Sendable {
        public let css: String
        public let cspSource: String
    }

    /// A selector list's needs: the names (indices into the name tables) each of its selectors requires.
    private struct Selector {
        let text: String
        let classes: [Int]
        let elements: [Int]
    }

    private indirect enum Block {
        case rule(selectors: [Selector], body: String)
        case group(prelude: String, blocks: [Block])
        case verbatim(String)
    }

    /// Parses minified CSS (``Theme/minifyCSS(_:)``'s output).
    public init(css: String) {
        text = css
        var classNames: [String: Int] = [:]
        var elementNames: [String: Int] = [:]
        var scanner = Scanner(Array(css.utf8))
        blocks = scanner.blocks(classes: &classNames, elements: &elementNames)
        names = Names(classes: classNames, elements: elementNames)
        var used: [Bool] = []
        Self.mark(blocks, present: PageWords(classes: Array(repeating: true, count: names.classCount),
                                             elements: Array(repeating: true, count: names.elementCount)), used: &used)
        selectorCount = used.count
    }

    /// The class and element names the rules need, by the hash of their bytes, ready for a page's words.
    private struct Names {
        /// Open addressing by the name's hash (already well mixed): each slot a hash with its class and element
        /// numbers (-1: not one), `occupied` false when empty.
        private var keys: [UInt64]
        private var occupied: [Bool]
        private var classSlots: [Int32]
        private var elementSlots: [Int32]
        private let mask: Int
        let classCount: Int
        let elementCount: Int
        /// Whether a name has this many bytes: a word of another length is not looked up.
        let lengths: [Bool]

        init(classes classNames: [String: Int], elements elementNames: [String: Int]) {
            classCount = classNames.count
            elementCount = elementNames.count
            var capacity = 16
            while capacity < (classNames.count + elementNames.count) * 4 { capacity *= 2 }
            mask = capacity - 1
            keys = Array(repeating: 0, count: capacity)
            occupied = Array(repeating: false, count: capacity)
            classSlots = Array(repeating: -1, count: capacity)
            elementSlots = Array(repeating: -1, count: capacity)
            let byteCounts = classNames.keys.map(\.utf8.count) + elementNames.keys.map(\.utf8.count)
            var lengths = Array(repeating: false, count: 1 + byteCounts.reduce(0, max))
            for count in byteCounts { lengths[count] = true }
            self.lengths = lengths
            for (name, slot) in classNames.sorted(by: { $0.key < $1.key }) {
                let index = insert(PageWords.hash(name))
                if classSlots[index] < 0 { classSlots[index] = Int32(slot) }
            }
            for (name, slot) in elementNames.sorted(by: { $0.key < $1.key }) {
                let index = insert(PageWords.hash(name))
                if elementSlots[index] < 0 { elementSlots[index] = Int32(slot) }
            }
        }

        private mutating func insert(_ key: UInt64) -> Int {
            var index = Int(truncatingIfNeeded: key) & mask
            while occupied[index] && keys[index] != key { index = (index + 1) & mask }
            occupied[index] = true
            keys[index] = key
            return index
        }

        /// The class and element numbers of the name with this hash (-1: none).
        @inline(__always) func slots(of key: UInt64) -> (class: Int32, element: Int32) {
            var index = Int(truncatingIfNeeded: key) & mask
            while occupied[index] {
                if keys[index] == key { return (classSlots[index], elementSlots[index]) }
                index = (index + 1) & mask
            }
            return (-1, -1)
        }

        func hasLength(_ length: Int) -> Bool { length < lengths.count && lengths[length] }
    }

    /// The rules a page can use, for a page whose HTML and runtime are `page`.
    public func subset(for page: String) -> Subset {
        subset(present: PageWords(page, names: names))
    }

    /// The rules a page can use, for a page whose HTML is `page` and whose runtime is `script` (its words are
    /// found once per script, not once per page).
    func subset(for page: String, script: RuntimeScript.PageScript?) -> Subset {
        var present = PageWords(page, names: names)
        if let script { present.add(scriptWords(script)) }
        return subset(present: present)
    }

    private func scriptWords(_ script: RuntimeScript.PageScript) -> PageWords {
        lock.lock()
        let known = scripts[script.cspSource]
        lock.unlock()
        if let known { return known }
        let words = PageWords(script.text, names: names)
        lock.lock()
        scripts[script.cspSource] = words
        lock.unlock()
        return words
    }

    private func subset(present: PageWords) -> Subset {
        var used: [Bool] = []
        used.reserveCapacity(selectorCount)
        Self.mark(blocks, present: present, used: &used)
        var key = [UInt64](repeating: 0, count: (used.count + 63) / 64)
        for index in used.indices where used[index] { key[index >> 6] |= 1 << UInt64(index & 63) }
        lock.lock()
        if let known = subsets[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        var index = 0
        let css = Self.render(blocks, used: used, index: &index)
        let subset = Subset(css: css, cspSource: SHA256.cspSource(for: css))
        lock.lock()
        subsets[key] = subset
        lock.unlock()
        return subset
    }

    /// For each selector of each rule, in order: whether the page can match it.
    private static func mark(_ blocks: [Block], present: PageWords, used: inout [Bool]) {
        for block in blocks {
            switch block {
            case .rule(let selectors, _):
                for selector in selectors {
                    used.append(selector.classes.allSatisfy { present.classes[$0] } && selector.elements.allSatisfy { present.elements[$0] })
                }
            case .group(_, let inner): mark(inner, present: present, used: &used)
            case .verbatim: break
            }
        }
    }

    private static func render(_ blocks: [Block], used: [Bool], index: inout Int) -> String {
        var output = ""
        for block in blocks {
            switch block {
            case .rule(let selectors, let body):
                let kept = selectors.filter { _ in
                    defer { index += 1 }
                    return used[index]
                }
                if !kept.isEmpty { output += kept.map(\.text).joined(separator: ",") + "{" + body + "}" }
            case .group(let prelude, let inner):
                let css = render(inner, used: used, index: &index)
                if !css.isEmpty { output += prelude + "{" + css + "}" }
            case .verbatim(let text):
                output += text
            }
        }
        return output
    }

    /// Which of the stylesheet's class and element names occur in a page, found in one pass over its bytes.
    private struct PageWords {
        var classes: [Bool]
        var elements: [Bool]

        init(classes: [Bool], elements: [Bool]) {
            self.classes = classes
            self.elements = elements
        }

        init(_ page: String, names: Names) {
            var classes = Array(repeating: false, count: names.classCount)
            var elements = Array(repeating: false, count: names.elementCount)
            var text = page
            text.withUTF8 { bytes in
                let count = bytes.count
                var index = 0
                while index < count {
                    guard Self.isWordByte(bytes[index]) else { index += 1; continue }
                    let start = index
                    index += 1
                    while index < count, Self.isWordByte(bytes[index]) { index += 1 }
                    // Only a word as long as some name is hashed.
                    guard names.hasLength(index - start) else { continue }
                    let slots = names.slots(of: Self.hash(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                    if slots.class >= 0 { classes[Int(slots.class)] = true }
                    if slots.element >= 0, start > 0,
                       bytes[start - 1] == UInt8(ascii: "<") || (bytes[start - 1] == UInt8(ascii: "\"") && index < count && bytes[index] == UInt8(ascii: "\"")) {
                        elements[Int(slots.element)] = true
                    }
                }
            }
            self.classes = classes
            self.elements = elements
        }

        /// Counts the words of another part of the same page.
        mutating func add(_ other: PageWords) {
            for index in classes.indices where other.classes[index] { classes[index] = true }
            for index in elements.indices where other.elements[index] { elements[index] = true }
        }

        /// A letter, digit, `-` or `_`: a bit of one of two masks, bytes 0-63 and 64-127 (one test, no branches per range).
        @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
            let low: UInt64 = 0x03FF_2000_0000_0000 // `-` (45), `0`-`9` (48-57)
            let high: UInt64 = 0x07FF_FFFE_87FF_FFFE // `A`-`Z` (65-90), `_` (95), `a`-`z` (97-122)
            return byte < 128 && ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
        }

        static func hash(_ name: String) -> UInt64 {
            var name = name
            return name.withUTF8 { hash($0) }
        }

        /// A word's hash, eight bytes at a time (a page has tens of thousands of words; a byte at a time cost more).
        @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let raw = UnsafeRawBufferPointer(bytes)
            var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
            var offset = 0
            while offset + 8 <= raw.count {
                value = mix(value ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset < raw.count {
                var tail: UInt64 = 0
                for index in offset..<raw.count { tail |= UInt64(raw[index]) << UInt64(8 * (index - offset)) }
                value = mix(value ^ tail)
            }
            return value
        }

        @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
            var value = value &* 0x9E37_79B9_7F4A_7C15
            value ^= value >> 32
            value = value &* 0xD6E8_FEB8_6659_FD93
            return value ^ (value >> 32)
        }
    }

    /// Reads rules and groups from minified CSS, skipping quoted strings and keeping text it does not understand.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func blocks(classes: inout [String: Int], elements: inout [String: Int]) -> [Block] {
            var result: [Block] = []
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "}") { index += 1; return result }
                let start = index
                skip(until: [UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: "}")])
                let prelude = string(start, index)
                guard index < bytes.count else {
                    if !prelude.isEmpty { result.append(.verbatim(prelude)) }
                    break
                }
                if bytes[index] != UInt8(ascii: "{") {
                    if bytes[index] == UInt8(ascii: ";") { index += 1 }
                    result.append(.verbatim(string(start, index)))
                    continue
                }
                index += 1
                if prelude.hasPrefix("@media") || prelude.hasPrefix("@supports") {
                    result.append(.group(prelude: prelude, blocks: blocks(classes: &classes, elements: &elements)))
                } else if prelude.hasPrefix("@") {
                    skipBlock()
                    result.append(.verbatim(string(start, index)))
                } else {
                    let bodyStart = index
                    skip(until: [UInt8(ascii: "}")])
                    let body = string(bodyStart, index)
                    if index < bytes.count { index += 1 }
                    let selectors = Self.split(prelude).map { Self.selector($0, classes: &classes, elements: &elements) }
                    result.append(.rule(selectors: selectors, body: body))
                }
            }
            return result
        }

        private func string(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
        }

        /// Moves to the next of `stops` outside quotes and brackets.
        private mutating func skip(until stops: Set<UInt8>) {
            var quote: UInt8?
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                } else if depth == 0 && stops.contains(byte) {
                    return
                }
                index += 1
            }
        }

        /// Past the `}` that closes the block just opened.
        private mutating func skipBlock() {
            var depth = 1
            while index < bytes.count && depth > 0 {
                skip(until: [UInt8(ascii: "{"), UInt8(ascii: "}")])
                guard index < bytes.count else { return }
                depth += bytes[index] == UInt8(ascii: "{") ? 1 : -1
                index += 1
            }
        }

        /// A selector list split at its top-level commas.
        static func split(_ list: String) -> [String] {
            var parts: [String] = []
            var current = ""
            var depth = 0
            for character in list {
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth = max(0, depth - 1) }
                if character == "," && depth == 0 {
                    parts.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            parts.append(current)
            return parts
        }

        /// The classes and elements one selector needs; what is inside brackets and parentheses needs nothing.
        static func selector(_ text: String, classes: inout [String: Int], elements: inout [String: Int]) -> Selector {
            var classSlots: [Int] = []
            var elementSlots: [Int] = []
            let characters = Array(text)
            var position = 0
            var depth = 0
            var previous: Character = " "
            while position < characters.count {
                let character = characters[position]
                if character == "[", depth == 0 {
                    classSlots += attributeWords(characters, from: position).map { slot($0, in: &classes) }
                }
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" { depth = max(0, depth - 1) }
                guard depth == 0, character.isLetter || character == "-" || character == "_" else {
                    previous = character
                    position += 1
                    continue
                }
                var end = position
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "-" || characters[end] == "_" {
                    end += 1
                }
                let name = String(characters[position..<end])
                if previous == "." {
                    classSlots.append(slot(name, in: &classes))
                } else if " >+~".contains(previous) || position == 0 {
                    elementSlots.append(slot(name.lowercased(), in: &elements))
                }
                previous = characters[end - 1]
                position = end
            }
            return Selector(text: text, classes: classSlots, elements: elementSlots)
        }

        /// The words an attribute selector opening at `start` needs the page to name, as it must a class: the value it
        /// matches exactly when that is one word (`[dir=rtl]`, `[type="email"]`), and the name of an `aria-` or `data-`
        /// attribute (only ever written as text: in the HTML, or by `setAttribute` in the runtime), `disabled` or `readonly`.
        private static func attributeWords(_ characters: [Character], from start: Int) -> [String] {
            guard let close = characters[start...].firstIndex(of: "]") else { return [] }
            let inside = characters[(start + 1)..<close]
            let equals = inside.firstIndex(of: "=")
            let nameEnd = equals.map { "~|^$*".contains(characters[$0 - 1]) ? $0 - 1 : $0 } ?? close
            let name = String(characters[(start + 1)..<nameEnd])
            var words = (name.hasPrefix("aria-") || name.hasPrefix("data-") || textOnlyAttributes.contains(name)) && isWord(name) ? [name] : []
            if let equals, nameEnd == equals {
                var value = String(characters[(equals + 1)..<close])
                if let first = value.first, first == "\"" || first == "'", value.count >= 2, value.last == first { value = String(value.dropFirst().dropLast()) }
                if isWord(value) { words.append(value) }
            }
            return words
        }

        /// Attributes besides `aria-` and `data-` ones that a page has only where it names them: in its HTML, or in
        /// its runtime (`disabled` as the property of the same name; no module sets the property `readOnly`).
        private static let textOnlyAttributes: Set<String> = ["disabled", "readonly"]

        private static func isWord(_ text: String) -> Bool {
            !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && PageWords.isWordByte(UInt8($0.value)) }
        }

        private static func slot(_ name: String, in table: inout [String: Int]) -> Int {
            if let known = table[name] { return known }
            table[name] = table.count
            return table.count - 1
        }
    }
}
