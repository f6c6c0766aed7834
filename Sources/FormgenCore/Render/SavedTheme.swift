import Foundation

/// What loading a theme made of its texts, kept beside a build's output (`.public.formgen-theme`) so that the next
/// `formgen build` with the same texts and the same binary skips the work: the minified stylesheet, the runtime's
/// modules, and the fact that swift-mustache took every template without a word (its library is then registered only
/// when a page needs it, ``Theme/library``).
///
/// Saved only for a theme loaded without a problem. It counts only for the texts (names, paths and bytes) whose digest it
/// names and for the binary that wrote it; a missing, damaged or older file means the theme is loaded in full.
struct SavedTheme: Sendable, Equatable {
    /// The format of the file; another one is read as no file.
    static let header = "formgen-theme 1\n"

    /// The binary that wrote the file (``BuildOptions/toolIdentity``).
    var tool: String
    /// The digest of the theme's files: names, paths and texts (``Theme/load(overrides:messages:saved:log:)``).
    var digest: String
    /// `assets/formgen.css`, minified.
    var css: String
    var runtime: RuntimeScript

    static func file(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).formgen-theme")
    }

    /// The theme saved beside `output` by the binary `tool`; nil when there is none, it is damaged or another binary's.
    static func load(for output: URL, tool: String) -> SavedTheme? {
        guard !tool.isEmpty, let data = FileManager.default.contents(atPath: file(for: output).path) else { return nil }
        guard let saved = SavedTheme(data: data), saved.tool == tool else { return nil }
        return saved
    }

    func save(for output: URL) {
        try? OutputWriter.writeFile(Self.file(for: output).path, data)
    }

    /// Removes the theme saved beside `output`.
    static func remove(for output: URL) {
        unlink(file(for: output).path)
    }

    init(tool: String, digest: String, css: String, runtime: RuntimeScript) {
        self.tool = tool
        self.digest = digest
        self.css = css
        self.runtime = runtime
    }

    /// The file: the header, then each field as `name length` on a line of its own, its bytes and a line feed.
    var data: Data {
        var fields: [(String, String)] = [("tool", tool), ("digest", digest), ("css", css)]
        if let whole = runtime.whole { fields.append(("whole", whole)) }
        for module in runtime.modules.values.sorted(by: { $0.name < $1.name }) {
            fields.append(("module", module.name))
            fields.append(("imports", module.imports.map { $0.module + ($0.isOptional ? "?" : "") }.joined(separator: ",")))
            fields.append(("body", module.body))
            fields.append(("isMinified", module.isMinified ? "1" : "0"))
            if let minified = module.minified {
                fields.append(("minifiedBody", minified.body))
                fields.append(("runtimeDigest", minified.runtimeDigest))
            }
        }
        var data = Data(Self.header.utf8)
        for (name, value) in fields {
            let bytes = Data(value.utf8)
            data.append(contentsOf: "\(name) \(bytes.count)\n".utf8)
            data.append(bytes)
            data.append(10)
        }
        data.append(contentsOf: "end 0\n\n".utf8)
        return data
    }

    /// The theme `data` holds; nil when it is not whole and well formed (the last field, `end`, proves it is all there).
    init?(data: Data) {
        let bytes = [UInt8](data)
        let header = Array(Self.header.utf8)
        guard bytes.count > header.count, Array(bytes[0..<header.count]) == header else { return nil }
        var position = header.count
        var fields: [(name: String, value: String)] = []
        var ended = false
        while position < bytes.count, !ended {
            guard let newline = bytes[position...].firstIndex(of: 10) else { return nil }
            let line = String(decoding: bytes[position..<newline], as: UTF8.self)
            let parts = line.split(separator: " ")
            guard parts.count == 2, let length = Int(parts[1]), length >= 0, newline + 1 + length < bytes.count,
                  bytes[newline + 1 + length] == 10 else { return nil }
            let value = String(decoding: bytes[(newline + 1)..<(newline + 1 + length)], as: UTF8.self)
            position = newline + 2 + length
            if parts[0] == "end" { ended = true } else { fields.append((String(parts[0]), value)) }
        }
        guard ended, position == bytes.count else { return nil }
        var iterator = fields.makeIterator()
        func next(_ name: String) -> String? {
            guard let field = iterator.next(), field.name == name else { return nil }
            return field.value
        }
        guard let tool = next("tool"), let digest = next("digest"), let css = next("css") else { return nil }
        var whole: String?
        var modules: [String: RuntimeModule] = [:]
        var pending = iterator.next()
        if let field = pending, field.name == "whole" {
            whole = field.value
            pending = iterator.next()
        }
        while let field = pending {
            guard field.name == "module", let imports = next("imports"), let body = next("body"), let flag = next("isMinified"),
                  flag == "0" || flag == "1" else { return nil }
            var minified: (body: String, runtimeDigest: String)?
            pending = iterator.next()
            if let minifiedField = pending, minifiedField.name == "minifiedBody" {
                guard let runtimeDigest = next("runtimeDigest") else { return nil }
                minified = (minifiedField.value, runtimeDigest)
                pending = iterator.next()
            }
            let parsedImports = imports.isEmpty ? [] : imports.split(separator: ",").map { name in
                RuntimeModule.Import(module: String(name.hasSuffix("?") ? name.dropLast() : name), isOptional: name.hasSuffix("?"))
            }
            guard modules[field.value] == nil else { return nil }
            modules[field.value] = RuntimeModule(name: field.value, imports: parsedImports, body: body, isMinified: flag == "1", minified: minified)
        }
        self.init(tool: tool, digest: digest, css: css, runtime: RuntimeScript(modules: modules, whole: whole))
    }

    static func == (left: SavedTheme, right: SavedTheme) -> Bool {
        left.data == right.data
    }
}
