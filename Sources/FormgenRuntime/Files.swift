// The twin of files.js and filetypes.js: a file field's checks (count, type by `accept`: its MIME types as files.js
// compares them, its extensions and wildcards as filetypes.js does, size).

extension FormValidator {
    /// A file field's files: an object `{name, size, type}` (a server adds `sha256`) or a list of them, each kept with
    /// only those keys; anything else reads as no file.
    package static func fileItems(_ value: JSONValue?) -> [[String: JSONValue]] {
        let entries: [JSONValue]
        switch value {
        case .object: entries = [value!]
        case .array(let list): entries = list
        default: entries = []
        }
        return entries.compactMap { entry in
            guard case .object(let members) = entry else { return nil }
            return members.filter { ["name", "size", "type", "sha256"].contains($0.key) }
        }
    }

    /// The first failing check of a file field with files: too many, then each file's type (by `accept`) and size.
    package func fileFailure(_ field: FormSpec.FieldSpec, value: JSONValue?) -> String? {
        let files = Self.fileItems(value)
        let upload = field.upload ?? FormSpec.UploadSpec()
        let most = upload.multiple == true ? upload.maxFiles : 1
        if let most, files.count > most { return say("fileCount", field) }
        for file in files {
            let name = FieldValue.text(file["name"]), type = FieldValue.text(file["type"])
            if !UploadRules.allows(upload.accept ?? [], name: name, type: type) { return say("fileType", field) }
            if let limit = upload.maxSize, case .number(let size)? = file["size"], size > Double(limit) { return say("fileSize", field) }
            if case .number = file["size"] {} else if upload.maxSize != nil { return say("fileSize", field) }
        }
        return nil
    }
}
