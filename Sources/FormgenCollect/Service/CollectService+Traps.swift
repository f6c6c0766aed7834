import FormgenCore
import Foundation

/// The bot traps a page sets up (`submit.honeypot`, `submit.minSeconds`), honoured by the endpoint as the page intends:
/// a filled honeypot is answered like a stored submission and dropped; a submission sent sooner than `minSeconds`
/// after the page opened (the runtime sends the seconds in `fg-elapsed`) gets 422 with the page's `tooFast` text.
extension CollectService {
    /// The field in which the runtime sends how many seconds the page was open before sending.
    public static let elapsedField = "fg-elapsed"

    /// Which trap a submission fell into.
    enum Trap: Equatable {
        case honeypot, tooFast
    }

    static func trap(_ hidden: [String: String], spec: FormSpec) -> Trap? {
        if let name = spec.submit.honeypot, let value = hidden[name], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            return .honeypot
        }
        if let minimum = spec.submit.minSeconds, minimum > 0, let text = hidden[elapsedField] {
            guard let seconds = Double(text), seconds >= Double(minimum) else { return .tooFast }
        }
        return nil
    }

    /// The body's top-level values as text (a list's first item), for the fields the validator does not read.
    static func hiddenFields(_ body: Data, encoding: SubmissionBody.Encoding) throws -> [String: String] {
        switch encoding {
        case .json:
            guard case .object(let object) = try JSONValue.decode(body) else { return [:] }
            return object.compactMapValues { value in
                switch value {
                case .string(let text): return text
                case .number(let number): return String(number)
                case .bool(let flag): return flag ? "true" : ""
                case .array(let items): return items.isEmpty ? nil : "x"
                case .object, .null: return nil
                }
            }
        case .urlEncoded:
            var fields: [String: String] = [:]
            for (name, value) in SubmissionBody.pairs(fromURLEncoded: String(decoding: body, as: UTF8.self)) where fields[name] == nil {
                fields[name] = value
            }
            return fields
        case .multipart(let boundary):
            var fields: [String: String] = [:]
            for part in try SubmissionBody.parts(body, boundary: boundary) where part.filename == nil && fields[part.name] == nil {
                fields[part.name] = String(decoding: part.data, as: UTF8.self)
            }
            return fields
        }
    }
}
