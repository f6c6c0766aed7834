import Foundation

/// Downloads every image a form names by URL and points the form at the copy in
/// `assets/remote/<sha256-prefix>.<ext>`, so a page asks no other origin for anything.
struct RemoteImages {
    let downloads: RemoteDownloads

    /// The output path of an image's copy.
    static func outputPath(for body: Data, kind: ImageKind) -> String {
        "assets/remote/\(SHA256.hex(bytes: Array(body)).prefix(16)).\(kind.rawValue)"
    }

    /// The forms with their remote images replaced by local copies, and the copies by output path. An image
    /// that cannot be had is a warning, and its field shows the alternative text.
    func localize(_ forms: [Form]) -> (forms: [Form], files: [String: Data]) {
        var requests: [String: RemoteRequest] = [:]
        for field in forms.flatMap(\.allFields) where field.type == .image {
            guard let src = field.src, Self.isRemote(src), requests[src] == nil else { continue }
            requests[src] = RemoteRequest(url: src, location: field.location(of: "src"))
        }
        let urls = requests.keys.sorted()
        let ordered = urls.map { requests[$0]! }
        let results = ResultSlots<(String, Data)>(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            let request = ordered[index]
            let body = downloads.body(for: request, what: "image", optional: true) { data in
                guard let kind = ImageKind(sniffing: data) else {
                    return .init(reason: "not a PNG, JPEG, GIF, WebP or SVG image")
                }
                if kind == .svg, let problem = ImageKind.svgProblem(data) { return .init(reason: problem) }
                return nil
            }
            if let body, let kind = ImageKind(sniffing: body) { results[index] = (Self.outputPath(for: body, kind: kind), body) }
        }
        var local: [String: String] = [:]
        var files: [String: Data] = [:]
        for (index, url) in urls.enumerated() {
            guard let (path, body) = results[index] else { continue }
            local[url] = path
            files[path] = body
        }
        let localized = forms.map { form in
            form.mappingFields { field in
                guard field.type == .image, let src = field.src, Self.isRemote(src) else { return }
                if let path = local[src] { field.localImage = path } else { field.imageUnavailable = true }
            }
        }
        return (localized, files)
    }

    /// An absolute http(s) address, or one that starts with an environment variable (`${ORIGIN}/…`).
    static func isRemote(_ src: String) -> Bool {
        let lower = src.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || src.hasPrefix("${")
    }
}
