import FormgenTestSupport
import Foundation
@testable import FormgenCore

/// A site whose `site.yaml` fetches a Lumiform form (with an image) and a currency list from a `TestOrigin`,
/// and a local form that takes its options from that list; built into its own output and cache folders.
struct RemoteSite: Sendable {
    let folder: TestSite
    let base: String
    var headers = ""

    /// One pixel, as a real PNG.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                           0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
                           0xDE, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0x0F, 0x00, 0x00,
                           0x01, 0x01, 0x00, 0x05, 0x18, 0xD8, 0x4D, 0x2B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
                           0xAE, 0x42, 0x60, 0x82])

    static let rates = """
        {"rates": [
          {"shortName": "EUR", "name": "Euro", "valMid": 1},
          {"shortName": "XXX", "name": "No rate", "valMid": 0},
          {"shortName": "NUL", "name": "Null rate", "valMid": null},
          {"shortName": "USD", "name": "US dollar", "valMid": 1.08}
        ]}
        """

    static func inspection(base: String) -> String {
        """
        {
          "type": "page",
          "title": "Inspection",
          "items": [
            {"type": "image", "src": "\(base)/photo.png", "title": "The site"},
            {"type": "text", "title": "Remarks"}
          ]
        }
        """
    }

    /// Serves the happy path's three sources on `origin`.
    static func serveAll(on origin: TestOrigin) {
        origin.set("/inspection.json", json: inspection(base: origin.base), etag: "\"form-1\"")
        origin.set("/rates.json", json: rates, etag: "\"rates-1\"")
        origin.set("/photo.png", .init(body: png, contentType: "image/png", etag: "\"photo-1\""))
    }

    init(base: String, formHeaders: String = "", maxAge: String = "0", timeout: String = "20s") throws {
        self.base = base
        folder = try TestSite([
            "configs/site.yaml": """
                title: Remote
                remote:
                  timeout: \(timeout)
                  forms:
                    - url: \(base)/inspection.json
                      maxAge: \(maxAge)\(formHeaders)
                  lists:
                    - id: currencies
                      url: \(base)/rates.json
                      items: $.rates
                      value: shortName
                      label: "{name} ({shortName})"
                      dropIf: {key: valMid, in: [0, null, ""]}

                """,
            "configs/pages/rates.yaml": """
                title: Rates
                blocks:
                  - type: table
                    title: Rates at build time
                    data: currencies
                    items: rates
                    dropIf: {key: valMid, in: [0, null, ""]}
                    columns:
                      - {key: name, label: Currency}
                      - {key: valMid, label: Mid rate, format: number, decimals: 2}

                """,
            "configs/forms/money.yaml": """
                title: Money
                fields:
                  - id: currency
                    type: select
                    label: Currency
                    required: true
                    optionsFrom: {list: currencies}

                """,
        ])
    }

    var output: URL { folder.root.appendingPathComponent("public") }
    var cache: URL { folder.root.appendingPathComponent("cache") }

    /// What one build gave: its diagnostics (paths relative to the site) and whether it failed.
    struct Outcome: Sendable {
        var diagnostics: [String]
        var failed: Bool
        var warnings: [String] { diagnostics.filter { $0.contains(": warning: ") } }
        var errors: [String] { diagnostics.filter { $0.contains(": error: ") } }
    }

    /// Builds (off the cooperative pool) at time `now`.
    func build(now: Double, offline: Bool = false, refresh: Bool = false, downloadImages: Bool = true,
               environment: [String: String] = [:]) async -> Outcome {
        var options = BuildOptions(configDirectory: folder.configs.path, templatesDirectory: nil, outputDirectory: output.path, toolIdentity: "test")
        options.force = true
        options.remote.cacheDirectory = cache.path
        options.remote.offline = offline
        options.remote.refresh = refresh
        options.remote.downloadImages = downloadImages
        options.remote.environment = environment
        options.remote.now = { now }
        let prefix = folder.root.path + "/"
        let settled = options
        return await offPool {
            let log = DiagnosticLog()
            let failed: Bool
            do {
                _ = try SiteBuilder(options: settled).build(log: log)
                failed = false
            } catch {
                failed = true
            }
            return Outcome(diagnostics: log.diagnostics.map { $0.description.replacingOccurrences(of: prefix, with: "") }, failed: failed)
        }
    }

    func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file under a folder, as text where it is text.
    static func texts(under folder: URL) -> [String] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
