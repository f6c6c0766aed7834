import FormgenTestSupport
import Foundation
import Mustache
import Testing
@testable import FormgenCore

/// The compiled render path writes what swift-mustache writes: for the whole example site, for the Mustache
/// constructs a site's own templates may use, and for a site's overridden partial; a theme using what only
/// swift-mustache renders still renders, through it.
@Suite struct CompiledTemplateTests {
    @Test func exampleSiteIsByteIdenticalThroughBothRenderPaths() throws {
        let builder = SiteBuilder(options: BuildOptions(configDirectory: Repository.configs, templatesDirectory: nil))
        let (site, theme) = try builder.loadAndCheck()
        #expect(theme.compiled != nil)
        let compiled = builder.render(site, theme: theme)
        let throughMustache = builder.render(site, theme: theme.renderingThroughSwiftMustache)
        #expect(compiled.count > 20)
        #expect(compiled.keys.sorted() == throughMustache.keys.sorted())
        let differing = compiled.keys.sorted().filter { compiled[$0] != throughMustache[$0] }
        #expect(differing.isEmpty, "pages that differ: \(differing)")
    }

    static let context: [String: TemplateValue] = [
        "name": "Ada & <Bob>", "quote": "it's \"fine\"", "yes": true, "no": false, "count": 3, "empty": [],
        "items": [["label": "one", "n": 1], ["label": "two", "n": 2]],
        "person": ["first": "Grace", "address": ["city": "Arlington"]],
        "t": ["hello": "Hallo"], "title": "Outer", "section": ["title": false],
    ]

    static let partials: [String: String] = [
        "row": "<li>{{label}}</li>\n<li>again</li>",
        "base": "<html>\n{{$main}}default{{/main}}\n<footer>{{$foot}}F{{/foot}}</footer>\n</html>",
        "nested": "  {{#items}}\n  {{> row}}\n  {{/items}}",
    ]

    /// Templates covering escaping, sections over every kind of value, standalone lines, indentation, inheritance,
    /// comments and set delimiters; a list inside a list, after which each name is the outer item's again.
    @Test(arguments: [
        "{{name}} {{{name}}} {{&name}} {{quote}}",
        "{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}not{{/no}}{{^yes}}x{{/yes}}",
        "{{#items}}{{label}}={{n}};{{/items}}{{^empty}}none{{/empty}}{{#empty}}never{{/empty}}",
        "{{#items}}\n  {{label}}\n{{/items}}\nend\n",
        "{{person.first}} {{person.address.city}} {{#person}}{{first}} in {{address.city}}{{/person}} {{t.hello}}",
        "{{#person}}{{name}}|{{.first}}|{{.name}}{{/person}}",
        "{{#section}}[{{title}}]{{/section}}{{#items}}{{title}}{{/items}}",
        "{{#name}}{{.}}{{/name}} {{#count}}{{.}}{{/count}} {{count}} {{yes}} {{missing}}|{{missing.deeper}}",
        "<ul>\n  {{> row}}\n</ul>\n{{> row}}{{> missing}}|",
        "{{> nested}}\nafter",
        "{{<base}}\n{{$main}}\n<main>{{name}}</main>\n{{/main}}\n{{/base}}\n",
        "  {{! a comment }}\nline {{! inline }}end\n\t{{#yes}}\t\nin\n  {{/yes}}  \n",
        "{{=<% %>=}}\n<% name %> {{name}} <%# yes %>y<%/ yes %>\n<%={{ }}=%>{{count}}",
        "a {{#yes}}\nb\n{{/yes}} c\r\nd {{^no}}e{{/no}}\r\n",
        "{{ name }} {{# yes }}spaced{{/ yes }}",
        "{{#items}}{{#person}}{{first}}{{/person}}{{label}}{{#items}}({{label}}){{/items}}{{label}}{{^empty}}-{{label}}{{/empty}};{{/items}}{{title}}",
    ])
    func rendersLikeSwiftMustache(_ template: String) throws {
        var library = MustacheLibrary()
        var compiled: [String: CompiledTemplate] = [:]
        for (name, text) in Self.partials.merging(["page": template], uniquingKeysWith: { $1 }) {
            try library.register(text, named: name)
            compiled[name] = try CompiledTemplate(text)
        }
        let expected = library.render(TemplateValue.object(Self.context).mustacheValue, withTemplate: "page")
        let actual = CompiledTemplate.render("page", in: compiled, context: Self.context)
        #expect(actual?.isEmpty == false)
        #expect(actual == expected)
    }

    @Test(arguments: ["{{uppercased(name)}}", "{{>*dynamic}}", "{{%CONTENT_TYPE:TEXT}}"])
    func leavesWhatOnlySwiftMustacheRendersToIt(_ template: String) {
        #expect(throws: CompiledTemplate.Unsupported.self) { try CompiledTemplate(template) }
    }

    static func form(label: String, required: Bool) -> Form {
        let here = SourceLocation(file: "f.yaml", line: 1, column: 1)
        var field = Field(id: "name", type: .text, label: label, at: here)
        field.required = required
        var form = Form(id: "f", path: "f", title: "F", language: "en", format: .native, at: here)
        form.pages = [Page(title: nil, items: [.field(field)])]
        return form
    }

    /// A site's own `partials/field.mustache` wins over the built-in one, through the compiled path.
    @Test func siteOverriddenPartialRendersItsOwnOutput() throws {
        let site = try TestSite(["templates/partials/field.mustache": "<p class=\"own\">{{label}}{{#required}} *{{/required}}</p>\n"])
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: DiagnosticLog())
        #expect(theme.compiled != nil)
        let form = Self.form(label: "Your <name>", required: true)
        let html = PageRenderer(theme: theme, settings: SiteSettings()).renderForm(form)
        #expect(html.contains("<p class=\"own\">Your &lt;name&gt; *</p>"))
        #expect(!html.contains(#"<div class="fg-field" id="fg-field-"#))
        #expect(html == PageRenderer(theme: theme.renderingThroughSwiftMustache, settings: SiteSettings()).renderForm(form))
    }

    /// A site's templates folder is walked as files: a link to a template is the template it names, and a folder whose
    /// name ends like a template's is not one (nothing to read, nothing said).
    @Test func aLinkedTemplateIsReadAndAFolderNamedLikeOneIsSkipped() throws {
        let site = try TestSite(["elsewhere/field.mustache": "<p class=\"linked\">{{label}}</p>\n", "templates/partials/notes.mustache/readme.txt": "not a template\n"])
        let templates = site.root.appendingPathComponent("templates")
        try FileManager.default.createSymbolicLink(atPath: templates.appendingPathComponent("partials/field.mustache").path,
                                                   withDestinationPath: site.root.appendingPathComponent("elsewhere/field.mustache").path)
        let log = DiagnosticLog()
        let theme = Theme.load(overrides: templates.path, log: log)
        #expect(log.diagnostics.isEmpty)
        #expect(PageRenderer(theme: theme, settings: SiteSettings()).renderForm(Self.form(label: "Linked", required: false)).contains("<p class=\"linked\">Linked</p>"))
    }

    /// A site template using a swift-mustache transform renders through swift-mustache.
    @Test func themeWithATransformRendersThroughSwiftMustache() throws {
        let site = try TestSite(["templates/partials/field.mustache": "<p>{{uppercased(label)}}</p>\n"])
        let log = DiagnosticLog()
        let theme = Theme.load(overrides: site.root.appendingPathComponent("templates").path, log: log)
        #expect(log.diagnostics.isEmpty)
        #expect(theme.compiled == nil)
        let form = Self.form(label: "Your name", required: false)
        #expect(PageRenderer(theme: theme, settings: SiteSettings()).renderForm(form).contains("<p>YOUR NAME</p>"))
    }
}
