import Foundation

/// A small parser of the Prometheus text exposition format (0.0.4): `# HELP`, `# TYPE`, and samples
/// `name{label="value",…} number`, label values with `\\`, `\"` and `\n` escapes. Throws on any other line.
struct PrometheusText {
    struct Sample: Equatable {
        var name: String
        var labels: [String: String]
        var value: Double
    }

    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var description: String { "not a Prometheus text line: \(line)" }
    }

    var types: [String: String] = [:]
    var samples: [Sample] = []

    init(_ text: String) throws {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("# HELP ") { continue }
            if line.hasPrefix("# TYPE ") {
                let parts = line.split(separator: " ")
                guard parts.count == 4, ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[3]) else { throw Malformed(line: line) }
                types[String(parts[2])] = String(parts[3])
                continue
            }
            samples.append(try Self.sample(line))
        }
        for sample in samples {
            let family = types[sample.name] != nil ? sample.name
                : ["_bucket", "_sum", "_count"].compactMap { sample.name.hasSuffix($0) ? String(sample.name.dropLast($0.count)) : nil }.first ?? sample.name
            guard types[family] != nil else { throw Malformed(line: "\(sample.name) has no # TYPE") }
        }
    }

    static func sample(_ line: String) throws -> Sample {
        var rest = Substring(line)
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
        guard let first = name.first, !first.isNumber else { throw Malformed(line: line) }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                rest = rest.dropFirst(key.count)
                guard !key.isEmpty, rest.hasPrefix("=\"") else { throw Malformed(line: line) }
                rest = rest.dropFirst(2)
                var value = ""
                while let character = rest.first, character != "\"" {
                    rest = rest.dropFirst()
                    if character == "\\" {
                        guard let escaped = rest.first else { throw Malformed(line: line) }
                        rest = rest.dropFirst()
                        switch escaped {
                        case "n": value.append("\n")
                        case "\\", "\"": value.append(escaped)
                        default: throw Malformed(line: line)
                        }
                    } else {
                        value.append(character)
                    }
                }
                guard rest.first == "\"" else { throw Malformed(line: line) }
                rest = rest.dropFirst()
                labels[String(key)] = value
                if rest.first == "," { rest = rest.dropFirst() }
                guard !rest.isEmpty else { throw Malformed(line: line) }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw Malformed(line: line) }
        let fields = rest.dropFirst().split(separator: " ")
        guard (1...2).contains(fields.count) else { throw Malformed(line: line) }
        let text = String(fields[0])
        guard let value = ["+Inf": Double.infinity, "-Inf": -Double.infinity, "NaN": Double.nan][text] ?? Double(text) else { throw Malformed(line: line) }
        return Sample(name: String(name), labels: labels, value: value)
    }

    /// The value of the sample with this name and these labels (all of them), or nil.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }
}
