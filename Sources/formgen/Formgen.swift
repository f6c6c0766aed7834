import ArgumentParser
import Foundation
import FormgenCore

/// The `formgen` command line: a thin shell over FormgenCore.
@main
struct Formgen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formgen",
        abstract: "Generate static, accessible web forms from YAML/JSON configs.",
        // The revision is looked up in the checkout only for `--version`: no other command reads `.git` as it starts.
        version: CommandLine.arguments.dropFirst().contains("--version") ? FormgenVersion.description() : "formgen \(FormgenVersion.number)",
        subcommands: [
            Build.self, Check.self, Serve.self, Validate.self, SchemaCommand.self, InitCommand.self, NewCommand.self,
            Collect.self, Export.self, Rekey.self, Erase.self, Users.self,
        ]
    )

    /// Like ParsableCommand's, but usage errors exit with 2 and config errors with 1.
    static func main() async {
        // The built-in theme's message tables are read on another core while the arguments are parsed (most commands
        // build or check a site); a command that needs none leaves the thread unfinished as it exits.
        DispatchQueue.global(qos: .userInitiated).async { Theme.prepareBuiltins() }
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
    @Option(name: [.customShort("c"), .long], help: "The folder of site.yaml, forms/ and countries/.")
    var config = "configs"

    @Option(name: [.customShort("t"), .long], help: "A folder of templates overriding the built-in ones file by file.")
    var templates = "templates"

    @Option(name: [.customShort("o"), .long], help: "Where the site is written (default: public; for serve, .formgen/preview beside the config folder).")
    var out: String?

    @Option(name: .customLong("base-url"), help: "The URL or path the site is served under (overrides site.yaml).")
    var baseURL: String?

    /// Stops with a usage error (exit 2) when `--config` names no site, before anything is read or written.
    func requireConfigFolder() throws {
        guard let problem = ConfigFolder(path: config).problem else { return }
        FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
        throw ExitCode(2)
    }

    @Flag(name: .customLong("no-excerpt"), help: "Print diagnostics without the source line and caret (for tools).")
    var noExcerpt = false

    @Flag(help: "Treat warnings as errors (also 'strict: true' in site.yaml).")
    var strict = false

    @Flag(help: "Treat a missing translation as an error.")
    var strictI18n = false

    @Flag(help: "Use only cached copies of remote sources (site.yaml 'remote:'); never the network.")
    var offline = false

    @Flag(help: "Ask every remote source again, even when its cached copy is younger than its maxAge.")
    var refresh = false

    @Option(name: .customLong("cache-dir"), help: "Where remote sources are cached (default: .formgen/cache beside the config folder).")
    var cacheDir: String?

    @Flag(name: .customLong("no-download-images"), help: "Keep remote image URLs in pages instead of downloading copies (the CSP then names their origins).")
    var noDownloadImages = false

    /// The output folder: `--out`, else `public`.
    var outputFolder: String { out ?? "public" }

    var buildOptions: BuildOptions {
        var options = BuildOptions(configDirectory: config, templatesDirectory: templates, outputDirectory: outputFolder, baseURL: baseURL)
        options.strict = strict
        options.strictI18n = strictI18n
        options.remote.offline = offline
        options.remote.refresh = refresh
        options.remote.cacheDirectory = cacheDir
        options.remote.downloadImages = !noDownloadImages
        return options
    }

    func validate() throws {
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be used together") }
    }
}

/// How much `build`, `check` and `serve` print.
struct Verbosity: ParsableArguments {
    @Flag(name: [.customShort("q"), .long], help: "Print nothing but errors (and, for serve, the URL).")
    var quiet = false

    @Flag(help: "Also print what is read and written (serve: every changed file).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }
}

/// Prints diagnostics the way compilers do, to standard error.
enum DiagnosticPrinter {
    /// Each diagnostic with its source line and a caret at the column, unless `excerpt` is false.
    static func print(_ diagnostics: [Diagnostic], excerpt: Bool) {
        guard !diagnostics.isEmpty else { return }
        var excerpts = DiagnosticExcerpt()
        let text = excerpt ? excerpts.render(diagnostics) : diagnostics.map(\.description).joined(separator: "\n") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        return "\(errors) error\(errors == 1 ? "" : "s")"
    }
}

extension Formgen {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build the site into the output folder.",
            discussion: "Example: formgen build -c configs -o public --strict"
        )

        @OptionGroup var site: SiteOptions
        @OptionGroup var verbosity: Verbosity

        @Flag(help: "Build even when no input changed since the last build.")
        var force = false

        @Flag(help: "Also print the processor time spent rendering each kind of file (form pages, reference pages, schemas, …).")
        var timings = false

        @Option(name: .customLong("emit-headers"),
                help: "Also write the pages' HTTP headers for a host: netlify (public/_headers), nginx (nginx.conf beside the output), caddy (Caddyfile beside it), apache (public/.htaccess).")
        var emitHeaders: DeployHeaders.Target?

        @Option(name: [.customShort("j"), .long], help: "Use at most this many threads (default: one per core). The output is the same.")
        var jobs: Int?

        /// The finished build, kept until the process exits: freeing a whole site's model, form by form, takes
        /// longer than the process's exit does.
        nonisolated(unsafe) static var finished: BuildReport?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        }

        func run() throws {
            try site.requireConfigFolder()
            let log = DiagnosticLog()
            var options = site.buildOptions
            options.jobs = jobs
            options.force = force
            options.timings = timings ? RenderTimings() : nil
            if !verbosity.quiet, isatty(STDERR_FILENO) != 0 {
                options.remote.progress = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            }
            if verbosity.verbose {
                Swift.print("Reading \(site.config)/ and \(site.templates)/ (over the built-in theme); writing \(site.outputFolder)/")
            }
            do {
                let report = try SiteBuilder(options: options).build(log: log)
                Build.finished = report
                if !verbosity.quiet {
                    DiagnosticPrinter.print(report.warnings, excerpt: !site.noExcerpt)
                    if verbosity.verbose && report.summarizedConfigs > 0 {
                        Swift.print("Read only the changed configs: \(report.summarizedConfigs) unchanged ones as the last build summarized them.")
                    }
                    if verbosity.verbose && !report.upToDate {
                        if report.written.isEmpty {
                            Swift.print("Rendered none of \(report.files) files: every one is the last build's.")
                        } else {
                            Swift.print("Rendered \(report.written.count) of \(report.files) files (the others are the last build's):")
                            for path in report.written { Swift.print("  \(path)") }
                        }
                    }
                    Swift.print("\(report.summary) Output in \(site.outputFolder)/")
                    if let timings = options.timings, !report.upToDate { Swift.print(timings.table, terminator: "") }
                }
                if let emitHeaders {
                    let written = try DeployHeaders(output: URL(fileURLWithPath: site.outputFolder), baseURL: report.baseURL).write(emitHeaders)
                    if !verbosity.quiet { Swift.print("Headers for \(emitHeaders.rawValue) in \(written)") }
                }
            } catch let errors as ConfigErrors {
                DiagnosticPrinter.print(errors.diagnostics, excerpt: !site.noExcerpt)
                FileHandle.standardError.write(Data("Build failed with \(DiagnosticPrinter.summary(errors.diagnostics)); \(site.outputFolder)/ was left as it was.\n".utf8))
                throw ExitCode(1)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Load and lint every config; write nothing.",
            discussion: "Example: formgen check -c configs --strict"
        )

        @OptionGroup var site: SiteOptions
        @OptionGroup var verbosity: Verbosity

        func run() throws {
            try site.requireConfigFolder()
            let log = DiagnosticLog()
            do {
                let (loaded, _) = try SiteBuilder(options: site.buildOptions).loadAndCheck(log: log)
                if verbosity.verbose {
                    for form in loaded.allForms { Swift.print("checked \(form.path)/") }
                    for page in loaded.pages { Swift.print("checked \(page.path)/") }
                }
                guard !verbosity.quiet else { return }
                DiagnosticPrinter.print(log.diagnostics, excerpt: !site.noExcerpt)
                let count = loaded.allForms.count
                let warnings = log.diagnostics.filter { $0.severity == .warning }.count
                let warned = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
                let pages = loaded.pages.count
                let andPages = pages == 0 ? "" : " and \(pages) page\(pages == 1 ? "" : "s")"
                Swift.print("Checked \(count) form\(count == 1 ? "" : "s")\(andPages): no errors\(warned).")
            } catch let errors as ConfigErrors {
                DiagnosticPrinter.print(errors.diagnostics, excerpt: !site.noExcerpt)
                FileHandle.standardError.write(Data("Check failed with \(DiagnosticPrinter.summary(errors.diagnostics)).\n".utf8))
                throw ExitCode(1)
            }
        }
    }
}
