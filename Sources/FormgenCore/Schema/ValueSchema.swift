/// One property's schema being assembled: a keyword already set goes into `allOf` the second time.
struct ValueSchema {
    var members: [String: JSONValue]
    var errors: [String: JSONValue] = [:]
    var extra: [JSONValue] = []
    var unchecked: [JSONValue] = []

    init(title: String) {
        members = Dictionary(minimumCapacity: 8)
        members["title"] = .string(title)
    }

    mutating func set(_ keyword: String, _ value: JSONValue, message: String?) {
        guard let existing = members[keyword] else {
            members[keyword] = value
            if let message { errors[keyword] = .string(message) }
            return
        }
        if existing != value {
            var entry: JSONValue = [keyword: value]
            if let message { entry["errorMessage"] = [keyword: .string(message)] }
            extra.append(entry)
        }
    }

    var value: JSONValue {
        var schema = members
        if !errors.isEmpty { schema["errorMessage"] = .object(errors) }
        if !extra.isEmpty { schema["allOf"] = .array(extra) }
        if !unchecked.isEmpty { schema["x-formgen-unchecked"] = .array(unchecked) }
        return .object(schema)
    }
}
