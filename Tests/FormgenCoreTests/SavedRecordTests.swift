import Foundation
import Testing
@testable import FormgenCore

/// The byte layout builds keep beside their output (``SavedRecord``): every text reads back as written, ASCII or not,
/// whatever its length, and bytes that are not UTF-8 make the file unreadable.
@Suite struct SavedRecordTests {
    static let header = "formgen-test 1\n"

    static func record(_ texts: [String]) -> [UInt8] {
        var writer = SavedRecord.Writer(header: header, capacity: 64)
        for text in texts { writer.text(text) }
        return [UInt8](writer.finished())
    }

    static func read(_ bytes: [UInt8], count: Int) -> [String]? {
        bytes.withUnsafeBytes { raw -> [String]? in
            guard var reader = SavedRecord.Reader(raw, header: header) else { return nil }
            var texts: [String] = []
            for _ in 0..<count {
                guard let text = try? reader.text() else { return nil }
                texts.append(text)
            }
            return reader.isAtEnd ? texts : nil
        }
    }

    /// Lengths around the eight bytes checked at once, with the one non-ASCII character at each place.
    @Test func textsOfEveryLengthReadBack() {
        var texts: [String] = []
        for length in 0...19 {
            let ascii = String(repeating: "k", count: length)
            texts.append(ascii)
            for place in 0...length { texts.append(String(ascii.prefix(place)) + "é" + String(ascii.dropFirst(place))) }
        }
        #expect(Self.read(Self.record(texts), count: texts.count) == texts)
    }

    @Test(arguments: [0, 3, 7, 8, 9, 15, 16])
    func aByteThatIsNotUTF8MakesTheFileUnreadable(_ place: Int) {
        let text = String(repeating: "a", count: 17)
        var bytes = Self.record([text])
        bytes[Self.header.utf8.count + 4 + place] = 0xFF
        #expect(Self.read(bytes, count: 1) == nil)
        #expect(Self.read(Self.record([text]), count: 1) == [text])
    }
}

/// A folder held open to look for many files in it (``OpenFolder``).
@Suite struct OpenFolderTests {
    @Test func itFindsWhatIsThereAndOnlyThat() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("open-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("a/b/index.html"))
        let folder = OpenFolder(root.path)
        #expect(folder.contains("a/b/index.html"))
        #expect(folder.contains("a/b"))
        #expect(!folder.contains("a/b/schema.json"))
        #expect(!folder.contains("a/c/index.html"))
        #expect(!OpenFolder(root.appendingPathComponent("missing").path).contains("a/b/index.html"))
    }
}
