import Foundation

/// A new form added to a site by `formgen new form NAME [--from FILE]`.
public struct FormScaffold {
    /// Why the form could not be added.
    public enum ScaffoldError: Error, CustomStringConvertible, Equatable {
        case badName(String, suggestion: String)
        case exists(String)
        case badSource(String)
        case cannotWrite(String, String)

        public var description: String {
            switch self {
            case .badName(let name, let suggestion):
                return "form name '\(name)' may only use lower-case letters, digits, '_' and '-', and must start with a letter (try '\(suggestion)')"
            case .exists(let path): return "'\(path)' exists already; choose another name"
            case .badSource(let path): return "cannot read '\(path)' as a form: use a .yaml, .yml or .json file"
            case .cannotWrite(let path, let why): return "cannot write '\(path)': \(why)"
            }
        }
    }

    public var name: String
    public var configDirectory: String

    public init(name: String, configDirectory: String) {
        self.name = name
        self.configDirectory = configDirectory
    }

    /// The starting text of a form with one field, in formgen's own format.
    public static func starterText(name: String) -> String {
        let title = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return """
        # A new form. `formgen schema form` describes every key; the manual (configs/manual/docs/config-formats.md in formgen's repository) has a full example.
        id: \(name)
        title: \(title.prefix(1).uppercased() + title.dropFirst())
        fields:
          - id: name
            label: Your name
            type: text
            required: true

        """
    }

    /// Writes `configs/forms/NAME.yaml` (or a copy of `source`, keeping its extension); returns its path.
    public func write(from source: String? = nil) throws -> String {
        guard name.range(of: "^[a-z][a-z0-9_-]*$", options: .regularExpression) != nil else {
            throw ScaffoldError.badName(name, suggestion: slug(name))
        }
        let forms = (configDirectory as NSString).appendingPathComponent("forms")
        let manager = FileManager.default
        for ext in ["yaml", "yml", "json"] where manager.fileExists(atPath: "\(forms)/\(name).\(ext)") {
            throw ScaffoldError.exists("\(forms)/\(name).\(ext)")
        }
        var text = Self.starterText(name: name)
        var ext = "yaml"
        if let source {
            let sourceExt = URL(fileURLWithPath: source).pathExtension.lowercased()
            guard ["yaml", "yml", "json"].contains(sourceExt), let data = manager.contents(atPath: source),
                  let sourceText = String(data: data, encoding: .utf8) else { throw ScaffoldError.badSource(source) }
            text = sourceText
            ext = sourceExt
        }
        let target = "\(forms)/\(name).\(ext)"
        do {
            try manager.createDirectory(atPath: forms, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
        } catch {
            throw ScaffoldError.cannotWrite(target, (error as NSError).localizedDescription)
        }
        return target
    }
}
