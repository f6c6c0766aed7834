import ArgumentParser
import Foundation
import FormgenCore

extension SiteScaffold.Starter: ExpressibleByArgument {}
extension DeployHeaders.Target: ExpressibleByArgument {}

/// `formgen init [DIR] [--template …]`: a new site that builds and serves at once.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new site: configs, a form, a doc page, .gitignore and editor settings.",
        discussion: "Example: formgen init my-forms --template contact"
    )

    @Argument(help: "The folder of the new site (created when missing).")
    var folder = "."

    @Option(help: "The starter: \(SiteScaffold.Starter.allCases.map(\.rawValue).joined(separator: ", ")).")
    var template: SiteScaffold.Starter = .contact

    @Flag(help: "Add the starter's files to a folder that is not empty (existing files are never overwritten).")
    var force = false

    func run() throws {
        let url = URL(fileURLWithPath: folder)
        do {
            let result = try SiteScaffold(starter: template).write(into: url, force: force)
            for path in result.kept { print("kept \(path) (exists)") }
            print("Created a \(template.rawValue) site in \(folder)/ (\(result.written.count) files). Next:")
            print("  cd \(folder)")
            print("  formgen serve")
        } catch let error as SiteScaffold.ScaffoldError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(error == .notEmpty(url.path) ? 2 : 1)
        }
    }
}

/// `formgen new form NAME [--from FILE]`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Add something to an existing site.",
        subcommands: [NewForm.self]
    )

    struct NewForm: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "form",
            abstract: "Add a form to configs/forms/.",
            discussion: "Example: formgen new form feedback   or   formgen new form pets --from ~/Downloads/pets.json"
        )

        @Argument(help: "The form's name: its file name and output path.")
        var name: String

        @Option(help: "A config file (any format formgen reads) to copy instead of the starter form.")
        var from: String?

        @Option(name: [.customShort("c"), .long], help: "The folder of site.yaml, forms/ and countries/.")
        var config = "configs"

        func run() throws {
            do {
                let path = try FormScaffold(name: name, configDirectory: config).write(from: from)
                print("Created \(path). Preview it with: formgen serve")
            } catch let error as FormScaffold.ScaffoldError {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                if case .cannotWrite = error { throw ExitCode(1) }
                throw ExitCode(2)
            }
        }
    }
}
