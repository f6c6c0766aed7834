extension FormChecker {
    /// The largest request body `formgen collect` and the preview's sink accept unless started with `--max-body`.
    public static let defaultBodyLimit = 1 << 20

    /// A form whose files may together be larger than the body `formgen collect` (or the preview) accepts by default
    /// is a warning at the largest file field's limit: every photo over the limit would be refused with a bare
    /// "the submission is larger than … bytes". Only forms sent to collect are checked; another service's limit is its
    /// own.
    func checkUploadLimits(_ form: Form, log: DiagnosticLog) {
        guard form.submission.provider == .collect else { return }
        var total = 0
        var largest: (field: Field, bytes: Int)?
        for field in form.allFields where field.type == .file {
            guard let upload = field.upload, let size = upload.maxSize else { continue }
            let count = upload.multiple ? (upload.maxFiles ?? 1) : 1
            let (bytes, overflow) = size.multipliedReportingOverflow(by: count)
            let field = (field: field, bytes: overflow ? Int.max : bytes)
            total = total.addingReportingOverflow(field.bytes).overflow ? Int.max : total + field.bytes
            if field.bytes > largest?.bytes ?? -1 { largest = field }
        }
        guard let largest, total > Self.defaultBodyLimit else { return }
        let needed = total == Int.max ? "a much larger" : "--max-body \(total + 65_536) or a larger"
        log.warning("this form's files may add up to \(UploadRules.sizeText(total)), more than the \(Self.defaultBodyLimit) bytes formgen collect and formgen serve accept by default; start them with \(needed) limit, or lower 'maxSize'",
                    at: largest.field.keyLocations["maxSize"] ?? largest.field.location)
    }
}
