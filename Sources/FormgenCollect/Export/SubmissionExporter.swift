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
    public func csv(_ records: [SubmissionRecord], spec: FormSpec) -> String {
        let fields = spec.fields.filter { !$0.kind.isDisplayOnly }
        var lines = [(["id", "received_at"] + fields.map(\.id)).map(Self.cell).joined(separator: ",")]
        for record in records where record.form == spec.path {
            guard case .object(let data) = (try? JSONValue.decode(Data(record.data.utf8))) ?? .null else { continue }
            let cells = [String(record.id), SubmissionDigest.timestamp(record.receivedAt)] + fields.map { Self.text(data[$0.id]) }
            lines.append(cells.map(Self.cell).joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
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

    /// Quotes a cell holding a comma, quote or line break; defuses spreadsheet formulas (`=`, `+`, `-`, `@`) with a `'`
    /// and quotes the defused cell.
    static func cell(_ text: String) -> String {
        var text = text
        var quoted = false
        if let first = text.first, "=+-@".contains(first), Double(text) == nil {
            text = "'" + text
            quoted = true
        }
        guard quoted || text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
