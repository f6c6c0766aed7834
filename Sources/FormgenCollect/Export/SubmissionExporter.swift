import FormgenCore
import Foundation

/// `formgen export`: stored submissions as CSV (one form, columns in page order) or JSON Lines.
public struct SubmissionExporter: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case csv, jsonl
    }

    public init() {}

    /// JSON Lines: `{"id", "form", "receivedAt", "digest", "data"}` per submission, in id order.
    public func jsonLines(_ records: [SubmissionRecord]) -> String {
        records.map { record in
            let data = (try? JSONValue.decode(Data(record.data.utf8))) ?? .object([:])
            return JSONValue.object([
                "id": .number(Double(record.id)), "form": .string(record.form),
                "receivedAt": .string(SubmissionDigest.timestamp(record.receivedAt)),
                "digest": .string(record.digest), "data": data,
            ]).jsonText() + "\n"
        }.joined()
    }

    /// CSV (RFC 4180, CRLF) of one form: `id,received_at`, then one column per submittable field in page order.
    /// A checkbox group's items are joined with `; `, a single checkbox is `true`/`false`, a missing value is empty.
    /// A repeating section becomes one column per item field per item, `pets[0].name`, `pets[0].kind`, `pets[1].name`…,
    /// for as many items as the longest list exported (at least the section's `min`); a file field holds each file as
    /// `name sha256:<digest>`, joined with `; `. A grid becomes one column per row, `satisfaction.speed`, holding the
    /// column chosen (several joined with `; `).
    public func csv(_ records: [SubmissionRecord], spec: FormSpec) -> String {
        let fields = spec.fields.filter { !$0.kind.isDisplayOnly }
        let rows: [(SubmissionRecord, [String: JSONValue])] = records.compactMap { record in
            guard record.form == spec.path, case .object(let data) = (try? JSONValue.decode(Data(record.data.utf8))) ?? .null else { return nil }
            return (record, data)
        }
        var itemCounts: [String: Int] = [:]
        for field in fields where field.kind == .repeat {
            let longest = rows.map { row -> Int in
                if case .array(let items)? = row.1[field.id] { return items.count }
                return 0
            }.max() ?? 0
            itemCounts[field.id] = max(longest, field.repeat?.min ?? 0, 1)
        }
        var header = ["id", "received_at"]
        for field in fields {
            if field.kind == .grid {
                header += (field.rows ?? []).map { "\(field.id).\($0.value)" }
                continue
            }
            guard let count = itemCounts[field.id] else {
                header.append(field.id)
                continue
            }
            for index in 0..<count {
                header += (field.fields ?? []).filter { !$0.kind.isDisplayOnly }.map { "\(field.id)[\(index)].\($0.id)" }
            }
        }
        var lines = [header.map(Self.cell).joined(separator: ",")]
        for (record, data) in rows {
            var cells = [String(record.id), SubmissionDigest.timestamp(record.receivedAt)]
            for field in fields {
                if field.kind == .grid {
                    var answers: [String: JSONValue] = [:]
                    if case .object(let object)? = data[field.id] { answers = object }
                    cells += (field.rows ?? []).map { Self.text(answers[$0.value]) }
                    continue
                }
                guard let count = itemCounts[field.id] else {
                    cells.append(field.kind == .file ? Self.files(data[field.id]) : Self.text(data[field.id]))
                    continue
                }
                var items: [JSONValue] = []
                if case .array(let list)? = data[field.id] { items = list }
                for index in 0..<count {
                    var item: [String: JSONValue] = [:]
                    if index < items.count, case .object(let object) = items[index] { item = object }
                    cells += (field.fields ?? []).filter { !$0.kind.isDisplayOnly }.map { Self.text(item[$0.id]) }
                }
            }
            lines.append(cells.map(Self.cell).joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A file field's cell: each file's name and digest.
    static func files(_ value: JSONValue?) -> String {
        fileMetadata(value).map { metadata in
            let name = Self.text(metadata["name"])
            guard case .string(let digest)? = metadata["sha256"] else { return name }
            return "\(name) sha256:\(digest)"
        }.joined(separator: "; ")
    }

    /// The metadata of each file a file field's value holds (one file is an object, several an array of them).
    static func fileMetadata(_ value: JSONValue?) -> [[String: JSONValue]] {
        let files: [JSONValue]
        switch value {
        case .array(let list)?: files = list
        case .object(let one)?: return [one]
        default: return []
        }
        return files.compactMap { file in
            guard case .object(let metadata) = file else { return nil }
            return metadata
        }
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return items.map { text($0) }.joined(separator: "; ")
        case .object, .null, .none: return ""
        }
    }

    /// Quotes a cell holding a comma, quote, CR or LF (RFC 4180), doubling its quotes; defuses spreadsheet formulas
    /// (`=`, `+`, `-`, `@`) with a `'` and quotes the defused cell. Read byte by byte: `"\r\n"`, and a quote followed
    /// by a combining mark, are each one `Character`, which a comparison with `"\n"` or `"\""` would miss.
    static func cell(_ text: String) -> String {
        var text = text
        var quoted = false
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first), Double(text) == nil {
            text = "'" + text
            quoted = true
        }
        let special: (UInt8) -> Bool = { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard quoted || text.utf8.contains(where: special) else { return text }
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
