import Foundation

/// The byte layout of a file a build keeps beside its output for the next one (``BuildState``): a header line naming
/// the format, then values back to back — a number as 8 bytes (little-endian), a text as its byte count (4 bytes) and
/// its UTF-8 bytes — and `end\n` last, which proves the file is whole. Nothing is escaped or parsed: JSON took longer
/// to write and read than the rest of a one-form rebuild of 1,000 forms.
enum SavedRecord {
    /// The count that stands for no text (``Writer/optionalText(_:)``).
    static let absent = UInt32.max
    static let trailer = Array("end\n".utf8)

    /// Builds a file's bytes.
    struct Writer {
        private(set) var bytes: [UInt8] = []

        init(header: String, capacity: Int) {
            bytes.reserveCapacity(capacity)
            bytes.append(contentsOf: header.utf8)
        }

        mutating func number(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func count(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func text(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                count(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optionalText(_ value: String?) {
            if let value { text(value) } else { withUnsafeBytes(of: SavedRecord.absent.littleEndian) { bytes.append(contentsOf: $0) } }
        }

        /// A list of diagnostics: each its severity, file, line, column and message.
        mutating func diagnostics(_ diagnostics: [Diagnostic]) {
            count(diagnostics.count)
            for diagnostic in diagnostics {
                text(diagnostic.severity.rawValue)
                text(diagnostic.location.file)
                number(diagnostic.location.line)
                number(diagnostic.location.column)
                text(diagnostic.message)
            }
        }

        /// The bytes with the trailer.
        mutating func finished() -> Data {
            bytes.append(contentsOf: SavedRecord.trailer)
            return Data(bytes)
        }
    }

    /// Reads values in the order they were written; any read past the end, or a text that is not UTF-8, throws.
    struct Reader {
        struct Damaged: Error {}

        private let bytes: UnsafeRawBufferPointer
        private var position: Int

        /// A reader after `header`; nil when the bytes do not start with it and end with the trailer.
        init?(_ bytes: UnsafeRawBufferPointer, header: String) {
            let header = Array(header.utf8), trailer = SavedRecord.trailer
            guard bytes.count >= header.count + trailer.count, bytes.prefix(header.count).elementsEqual(header),
                  bytes.suffix(trailer.count).elementsEqual(trailer) else { return nil }
            self.bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast(trailer.count))
            position = header.count
        }

        /// Whether every value was read.
        var isAtEnd: Bool { position == bytes.count }

        mutating func number() throws -> Int {
            guard position + 8 <= bytes.count else { throw Damaged() }
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 8)])) }
            position += 8
            return Int(Int64(littleEndian: value))
        }

        mutating func count() throws -> Int {
            guard let count = try rawCount(), count <= bytes.count - position else { throw Damaged() }
            return count
        }

        mutating func text() throws -> String {
            guard let text = try optionalText() else { throw Damaged() }
            return text
        }

        mutating func optionalText() throws -> String? {
            guard let length = try rawCount() else { return nil }
            guard length <= bytes.count - position else { throw Damaged() }
            let slice = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]).assumingMemoryBound(to: UInt8.self)
            position += length
            // Most texts are ASCII (paths, keys): those need no validation, which the generic `String(validating:)` does slowly.
            if Self.isASCII(slice) { return String(decoding: slice, as: UTF8.self) }
            guard let text = String(validating: slice, as: UTF8.self) else { throw Damaged() }
            return text
        }

        /// Whether every byte is below 0x80, checked eight at a time.
        static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
            while index < bytes.count {
                if bytes[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }

        /// A list of diagnostics as ``Writer/diagnostics(_:)`` wrote it.
        mutating func diagnostics() throws -> [Diagnostic] {
            var diagnostics: [Diagnostic] = []
            for _ in 0..<(try count()) {
                guard let severity = Diagnostic.Severity(rawValue: try text()) else { throw Damaged() }
                let file = try text(), line = try number(), column = try number(), message = try text()
                diagnostics.append(Diagnostic(severity, at: SourceLocation(file: file, line: line, column: column), message))
            }
            return diagnostics
        }

        /// A 4-byte count; nil for ``SavedRecord/absent``.
        private mutating func rawCount() throws -> Int? {
            guard position + 4 <= bytes.count else { throw Damaged() }
            var value: UInt32 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + 4)])) }
            position += 4
            let count = UInt32(littleEndian: value)
            return count == SavedRecord.absent ? nil : Int(count)
        }
    }
}
