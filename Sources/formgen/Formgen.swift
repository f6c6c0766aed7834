import ArgumentParser
import Foundation
import FormgenCore

/// The `formgen` command line: a thin shell over FormgenCore.
@main
struct Formgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formgen",
        abstract: "Generate static, accessible web forms from YAML/JSON configs.",
        subcommands: [Build.self, Check.self, Serve.self, Validate.self, SchemaCommand.self, Collect.self, Export.self]
    )

    /// Like ParsableCommand's, but usage errors exit with 2 and config errors with 1.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Options shared by every command that reads a site.
struct SiteOptions: ParsableArguments {
    @Option(help: "The folder of site.yaml, forms/ and countries/.")
    var config = "configs"

    @Option(help: "A folder of templates overriding the built-in ones file by file.")
    var templates = "templates"

    @Option(help: "Where the site is written.")
    var out = "public"

    @Option(name: .customLong("base-url"), help: "The URL or path the site is served under (overrides site.yaml).")
    var baseURL: String?

    var buildOptions: BuildOptions {
        BuildOptions(configDirectory: config, templatesDirectory: templates, outputDirectory: out, baseURL: baseURL)
    }
}

/// Prints diagnostics the way compilers do, to standard error.
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        let text = diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "\(errors) error\(errors == 1 ? "" : "s")"
    }
}

extension Formgen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build the site into the output folder.")

        @OptionGroup var site: SiteOptions

        @Flag(help: "Build even when no input changed since the last build.")
        var force = false

        func run() throws {
            let log = DiagnosticLog()
            var options = site.buildOptions
            options.force = force
            do {
                let report = try SiteBuilder(options: options).build(log: log)
                DiagnosticPrinter.print(report.warnings)
                Swift.print("\(report.summary) Output in \(site.out)/")
            } catch let errors as ConfigErrors {
                DiagnosticPrinter.print(errors.diagnostics)
                FileHandle.standardError.write(Data("Build failed with \(DiagnosticPrinter.summary(errors.diagnostics)); \(site.out)/ was left as it was.\n".utf8))
                throw ExitCode(1)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Load and lint every config; write nothing.")

        @OptionGroup var site: SiteOptions

        func run() throws {
            let log = DiagnosticLog()
            do {
                let (loaded, _) = try SiteBuilder(options: site.buildOptions).loadAndCheck(log: log)
                DiagnosticPrinter.print(log.diagnostics)
                let count = loaded.allForms.count
                Swift.print("Checked \(count) form\(count == 1 ? "" : "s"): no errors.")
            } catch let errors as ConfigErrors {
                DiagnosticPrinter.print(errors.diagnostics)
                FileHandle.standardError.write(Data("Check failed with \(DiagnosticPrinter.summary(errors.diagnostics)).\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
