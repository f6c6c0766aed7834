import ArgumentParser
import FormgenCore

extension ConfigSchema.Kind: ExpressibleByArgument {}

/// `formgen schema [site|form|country|page]`: the JSON Schema of a config format, for editors' YAML language servers.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of a config format (for editor completion and checks).",
        discussion: """
        The same schemas are committed in configs/schemas/. Point your editor's YAML language server at them, e.g. with a first line
        '# yaml-language-server: $schema=../schemas/formgen-form.schema.json' in configs/forms/*.yaml.

        Example: formgen schema form > configs/schemas/formgen-form.schema.json
        """
    )

    @Argument(help: "Which config: site (site.yaml), form (configs/forms/*.yaml), country (configs/countries/*.yaml) or page (configs/pages/*.yaml).")
    var kind: ConfigSchema.Kind = .form

    func run() {
        print(ConfigSchema.json(kind), terminator: "")
    }
}
