import Foundation

/// Find-and-replace over UTF-8 bytes: much cheaper than Foundation's string search on large pages.
enum ByteReplacement {
    /// Replaces every occurrence of `needle` in `text`, left to right, with what `replacement` returns
    /// (it is given the occurrence's index, from 0).
    static func replace(_ needle: String, in text: String, with replacement: (Int) -> String) -> String {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return text }
        var output = [UInt8]()
        var count = 0
        text.utf8.withContiguousStorageIfAvailable { bytes in
            output.reserveCapacity(bytes.count + 256)
            var index = 0
            var copied = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                    output.append(contentsOf: bytes[copied..<index])
                    output.append(contentsOf: replacement(count).utf8)
                    count += 1
                    index += pattern.count
                    copied = index
                } else {
                    index += 1
                }
            }
            output.append(contentsOf: bytes[copied...])
        } ?? {
            var copy = text
            copy.makeContiguousUTF8()
            output = Array(replace(needle, in: copy, with: replacement).utf8)
        }()
        return String(decoding: output, as: UTF8.self)
    }
}

extension ByteReplacement {
    /// Replaces every occurrence of each key of `replacements` (ASCII needles, none a prefix of another) with its
    /// value, in one pass; the text between is copied as it is, never decoded again.
    static func replace(_ replacements: [String: String], in text: String) -> String {
        let needles = replacements.map { (bytes: Array($0.key.utf8), value: $0.value) }.filter { !$0.bytes.isEmpty }
        var isFirst = [Bool](repeating: false, count: 256)
        for needle in needles { isFirst[Int(needle.bytes[0])] = true }
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        var output = ""
        output.reserveCapacity(utf8.count + replacements.values.reduce(0) { $0 + $1.utf8.count })
        var copied = utf8.startIndex
        // With one first byte for every needle (the page's placeholders all start with `%`), candidates are found by `memchr`.
        let firsts = Set(needles.map { $0.bytes[0] })
        let onlyFirst = firsts.count == 1 ? firsts.first : nil
        utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                if let onlyFirst, let base = bytes.baseAddress {
                    guard let found = memchr(base + index, Int32(onlyFirst), bytes.count - index) else { break }
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                guard isFirst[Int(bytes[index])], let needle = needles.first(where: { needle in
                    index + needle.bytes.count <= bytes.count && bytes[index..<(index + needle.bytes.count)].elementsEqual(needle.bytes)
                }) else {
                    index += 1
                    continue
                }
                let start = utf8.index(utf8.startIndex, offsetBy: index)
                output += text[copied..<start]
                output += needle.value
                index += needle.bytes.count
                copied = utf8.index(utf8.startIndex, offsetBy: index)
            }
        }
        output += text[copied...]
        return output
    }

    /// Whether `needle` occurs in `text`, compared byte by byte (Foundation's `contains` goes through CFString).
    static func contains(_ needle: String, in text: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        var copy = text
        copy.makeContiguousUTF8()
        return copy.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index + pattern.count <= bytes.count {
                if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
                index += 1
            }
            return false
        } ?? false
    }
}
