import Foundation

extension Site {
    /// The form a command line names: its path in the output (`kyc/nl`, `pet-adoption`, with or without
    /// slashes or `index.html`), its id, or the config file it was read from.
    public func form(named reference: String) -> Form? {
        var path = reference
        if path.hasSuffix("index.html") { path.removeLast("index.html".count) }
        path = path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let forms = allForms
        if let form = forms.first(where: { $0.path == path }) ?? forms.first(where: { $0.id == path }) { return form }
        let file = URL(fileURLWithPath: reference).standardizedFileURL.path
        return forms.first { URL(fileURLWithPath: $0.location.file).standardizedFileURL.path == file }
    }
}
