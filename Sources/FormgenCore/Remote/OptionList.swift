import Foundation

/// Turns a downloaded list (JSON) into options, as `remote.lists` describes: the array at `items`, each
/// entry's `value` key, its label (a key or a `{key}` template), entries matching `dropIf` left out.
struct OptionList {
    var list: RemoteList

    enum Problem: Error, Equatable, CustomStringConvertible {
        case notJSON(String)
        case noArray(String)
        case noValues(String)

        var description: String {
            switch self {
            case .notJSON(let reason): return "not valid JSON (\(reason))"
            case .noArray(let path): return "no array at '\(path)'"
            case .noValues(let key): return "no entry of the array has the value key '\(key)'"
            }
        }
    }

    /// The options, in the list's order; throws `Problem` when the body does not hold what the list names.
    func options(from body: Data) throws -> [FieldOption] {
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: body)
        } catch {
            throw Problem.notJSON(Self.reason(error))
        }
        guard let path = JSONPath(list.items), case .array(let entries)? = path.resolve(in: root) else {
            throw Problem.noArray(list.items)
        }
        guard entries.contains(where: { $0[list.valueKey] != nil }) else { throw Problem.noValues(list.valueKey) }
        return entries.compactMap { entry in
            if let drop = list.dropIf, drop.drops(entry) { return nil }
            guard let value = entry[list.valueKey].flatMap(Self.text), !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return FieldOption(value: value, label: label(of: entry) ?? value)
        }
    }

    private func label(of entry: JSONValue) -> String? {
        guard let label = list.label else { return nil }
        guard label.contains("{") else { return entry[label].flatMap(Self.text) }
        var result = ""
        var rest = Substring(label)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            result += entry[key].flatMap(Self.text) ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// A scalar as the page shows it: text as is, whole numbers without a decimal point.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    static func reason(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
        }
        return "\(error)"
    }
}
