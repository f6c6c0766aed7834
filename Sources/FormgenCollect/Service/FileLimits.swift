import FormgenCore

/// The bytes each form's file fields let a person send (`maxSize` × the files allowed), so collect
/// can refuse to start behind a `--max-body` that would answer 413 to files the page accepts.
public enum FileLimits {
    /// Room for a form's other fields and the multipart framing, on top of its files.
    public static let otherFields = 64 * 1024

    /// One file field's share of its form's body.
    struct FieldBytes {
        var id: String
        var files: Int
        var maxSize: Int
        var bytes: Int
    }

    /// The first form (by path) whose files and other fields need more than `maxBodyBytes`; nil when every form fits.
    public static func problem(in forms: SiteForms, maxBodyBytes: Int) -> CollectError? {
        for (path, spec) in forms.specs.sorted(by: { $0.key < $1.key }) {
            let fields = fileFields(spec.fields)
            guard let largest = fields.max(by: { $0.bytes < $1.bytes }) else { continue }
            let needed = fields.reduce(otherFields) { saturatingSum($0, $1.bytes) }
            if needed > maxBodyBytes {
                return .bodyLimitTooSmall(form: path, field: largest.id, files: largest.files, maxSize: largest.maxSize,
                                          needed: needed, maxBody: maxBodyBytes)
            }
        }
        return nil
    }

    /// The file fields with a `maxSize` among `fields` (file fields are never inside repeating sections).
    static func fileFields(_ fields: [FormSpec.FieldSpec]) -> [FieldBytes] {
        fields.compactMap { field in
            guard field.kind == .file, let upload = field.upload, let maxSize = upload.maxSize else { return nil }
            let files = upload.multiple == true ? (upload.maxFiles ?? 1) : 1
            return FieldBytes(id: field.id, files: files, maxSize: maxSize, bytes: saturatingProduct(files, maxSize))
        }
    }

    static func saturatingProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }
}
