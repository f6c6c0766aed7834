/// JSON Schemas (draft-07, which YAML language servers read) of formgen's own config formats, so that
/// editors complete and check `site.yaml`, form configs and country configs as they are typed.
///
/// The schemas follow the readers in `Loading/`: the same keys, the same value shapes, the same names.
public enum ConfigSchema {
    /// The config files a schema describes.
    public enum Kind: String, CaseIterable, Sendable {
        /// `configs/site.yaml`
        case site
        /// `configs/forms/*.yaml` in formgen's own format (a form, or a country flow with `countries:`)
        case form
        /// `configs/countries/*.yaml`
        case country
        /// `configs/pages/*.yaml`: a page that shows data
        case page

        /// The committed file name, `formgen-form.schema.json`.
        public var fileName: String { "formgen-\(rawValue).schema.json" }
    }

    public static let dialect = "http://json-schema.org/draft-07/schema#"

    /// The schema of one kind of config, as pretty-printed JSON.
    public static func json(_ kind: Kind) -> String { document(kind).pretty() }

    public static func document(_ kind: Kind) -> JSONValue {
        var schema: JSONValue
        switch kind {
        case .site:
            schema = object(
                title: "formgen site settings (configs/site.yaml)",
                [
                    "title": ref("localizedText", "The site's name, shown in every page's header and title (per language: each language's home page and pages)."),
                    "description": ref("localizedText", "Markdown shown on the home page (per language: each language's home page)."),
                    "footer": ref("localizedText", "Markdown every page's footer shows (per language); without it, the site's title (not on the home page, whose heading says it)."),
                    "baseURL": text("Where the site is served: a path prefix such as '/' or '/forms/', or an absolute URL (then pages get canonical links and the build writes sitemap.xml)."),
                    "language": text("The default BCP 47 language of pages and messages (en, nl, de, en-NL…)."),
                    "languages": ref("languages", "Every form is published in these languages, the first the default (a form or country may list its own)."),
                    "submit": ref("submit", "Submission defaults every form inherits."),
                    "strict": ["type": "boolean", "default": false, "description": "Warnings fail the build, as with --strict."],
                    "drafts": ref("drafts", "Draft defaults every form inherits."),
                    "forms": [
                        "type": "object",
                        "description": "Titles and descriptions set over forms' own, by form id: for configs kept as another app wrote them.",
                        "additionalProperties": object(title: nil, [
                            "title": text("The form's heading and its name on the home page."),
                            "description": text("Markdown shown under the heading and, its first paragraph, on the home page."),
                            "languages": ref("languages", "The languages the form is published in, the default first; its texts in the others come from configs/i18n/<lang>.yaml."),
                        ]),
                    ],
                    "remote": remoteSchema,
                    "embed": ref("embed", "Other sites that may show every form in a frame (a form's own 'embed' replaces it)."),
                    "brand": brandSchema,
                    "accessibility": object(title: nil, [
                        "contact": text("Who to tell about a problem (Markdown: an email address or a link becomes a link)."),
                        "lastReviewed": ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "The day the statement was last reviewed, yyyy-mm-dd."],
                        "knownIssues": ["type": "array", "items": ["type": "string"], "description": "The site's own known issues, each Markdown."],
                    ], required: ["contact", "lastReviewed"]),
                ])
        case .form:
            schema = object(
                title: "formgen form (configs/forms/*.yaml)",
                [
                    "id": text("The form's id; also its output folder (defaults to the file name)."),
                    "title": ref("localizedText", "The page's heading."),
                    "description": ref("localizedText", "Markdown shown under the heading."),
                    "lang": text("The page's BCP 47 language (defaults to site.yaml's 'language')."),
                    "languages": ref("languages", "The languages the form is published in, the default first (default: site.yaml's 'languages')."),
                    "pages": ["type": "array", "description": "Pages of a multi-page form, in order. A form has either 'pages' or 'fields'.", "items": ref("page")],
                    "sections": ["type": "array", "description": "Groups of fields on a one-page form.", "items": ref("section")],
                    "fields": ref("fields", "The fields of a one-page form (or, with 'countries', the fields every country inherits)."),
                    "dataSources": ref("dataSources"),
                    "rules": ["type": "array", "description": "Rules that show, hide, require or unrequire fields.", "items": ref("rule")],
                    "submit": ref("submit"),
                    "drafts": ref("drafts"),
                    "embed": ref("embed", "Other sites that may show this form in a frame (default: site.yaml's 'embed')."),
                    "requiresSession": ref("requiresSession"),
                    "logout": ref("logout"),
                    "review": ["type": "boolean", "description": "A \"Check your answers\" step before sending (default: true when the form has 2 or more pages that ask something)."],
                    "countries": [
                        "description": "Makes this config a country flow: the countries it lists (each needs a config in configs/countries/), as a list of codes or a map of code to name or {name, locale}.",
                        "oneOf": [
                            ["type": "array", "items": ref("countryCode")],
                            ["type": "object", "propertyNames": ref("countryCode"), "additionalProperties": [
                                "oneOf": [
                                    ["type": "null"],
                                    ["type": "string", "description": "The country's name."],
                                    object(title: nil, ["name": text("The country's name, as its users write it."), "locale": text("The BCP 47 language of the country's form (nl-BE).")]),
                                ],
                            ]],
                        ],
                    ],
                ])
            schema["anyOf"] = [["required": ["fields"]], ["required": ["pages"]], ["required": ["sections"]], ["required": ["countries"]]]
        case .country:
            schema = object(
                title: "formgen country config (configs/countries/*.yaml)",
                [
                    "country": ref("countryCode", "The ISO 3166 code of the country, two or three letters (NL, NLD)."),
                    "name": text("The country's name, as its users write it (Nederland)."),
                    "locale": text("The BCP 47 language of the form (nl-BE): its messages and formats."),
                    "languages": ref("languages", "The languages the country's page is published in, the default first."),
                    "title": ref("localizedText", "The form's heading (default: the flow's title and the country's name)."),
                    "description": ref("localizedText", "Markdown shown under the heading."),
                    "dataSources": ref("dataSources"),
                    "fields": ref("fields", "The country's fields; one with the id of an inherited field replaces it."),
                    "rules": ["type": "array", "items": ref("rule")],
                    "submit": ref("submit"),
                ],
                required: ["country", "fields"])
        case .page:
            let column = object(title: nil, [
                "key": text("The member of each entry the column (field) shows."),
                "label": ref("localizedText", "The column's header (the field's label); default: the key."),
                "format": ["type": "string", "enum": .array(DataFormat.allCases.map { .string($0.rawValue) }),
                           "description": "How values show, in the page's language: text (as written), number, currency, date (20 November 2026), datetime, change (a signed number after an arrow and an up/down/no change word)."],
                "currency": ["type": "string", "pattern": "^[A-Z]{3}$", "description": "format: currency: the ISO 4217 code of every value (EUR)."],
                "currencyKey": text("format: currency: the member of each entry that holds its currency code."),
                "decimals": ["type": "integer", "minimum": 0, "maximum": 20, "description": "Exactly this many digits after the decimal sign."],
            ], required: ["key"])
            schema = object(
                title: "formgen data page (configs/pages/*.yaml)",
                [
                    "id": text("The page's id; also its output folder (defaults to the file name)."),
                    "title": ref("localizedText", "The page's heading."),
                    "description": ref("localizedText", "Markdown shown under the heading."),
                    "lang": text("The page's BCP 47 language: its texts and formats (defaults to site.yaml's 'language')."),
                    "dataSources": ref("dataSources"),
                    "requiresSession": ref("requiresSession"),
                    "logout": ref("logout"),
                    "blocks": ["type": "array", "description": "What the page shows, in order.", "items": object(title: nil, [
                        "type": ["type": "string", "enum": .array(DataBlock.Kind.allCases.map { .string($0.rawValue) }), "description": "table, list (of entries) or details (one entry, as a summary list)."],
                        "title": ref("localizedText", "A table's caption (required), a list's or details' heading."),
                        "dataSource": text("One of the page's data sources: fetched by the page when it opens."),
                        "data": text("A file of configs/data/ (rates for rates.json): read at build time and rendered into the page."),
                        "items": text("The dot path to the entries in the answer (transactions, data.rates); default: the answer itself."),
                        "columns": ["type": "array", "description": "A table's columns.", "items": column],
                        "fields": ["type": "array", "description": "A list's or details' fields.", "items": column],
                        "dropIf": ref("dropIf"),
                        "sort": object(title: nil, ["key": text("The column (or the groupBy key) to sort by."), "order": ["type": "string", "enum": ["asc", "desc"], "default": "asc"]], required: ["key"]),
                        "groupBy": object(title: nil, ["key": text("The member whose value heads each group (it need not be a column)."), "format": ["type": "string", "enum": ["text", "date"], "default": "text"]], required: ["key"]),
                        "empty": ref("localizedText", "What the block says when no entry is left."),
                    ], required: ["type"])],
                ],
                required: ["title", "blocks"])
        }
        schema["$schema"] = .string(dialect)
        schema["definitions"] = .object(reachableDefinitions(from: schema))
        return schema
    }

    /// The definitions `schema` refers to, directly or through other definitions.
    private static func reachableDefinitions(from schema: JSONValue) -> [String: JSONValue] {
        let all = definitions
        var reached: [String: JSONValue] = [:]
        var pending = references(in: schema)
        while let name = pending.popLast() {
            guard reached[name] == nil, let definition = all[name] else { continue }
            reached[name] = definition
            pending += references(in: definition)
        }
        return reached
    }

    private static func references(in value: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            var names: [String] = []
            if case .string(let target)? = members["$ref"], target.hasPrefix("#/definitions/") {
                names.append(String(target.dropFirst("#/definitions/".count)))
            }
            for key in members.keys.sorted() { names += references(in: members[key]!) }
            return names
        case .array(let items):
            return items.flatMap(references)
        default:
            return []
        }
    }

    // MARK: Shared definitions

    static let scalar: JSONValue = ["type": ["string", "number", "boolean"]]

    static var definitions: [String: JSONValue] {
        [
            "dropIf": object(title: nil, [
                "key": text("The key of each entry to test."),
                "in": ["type": "array", "description": "Values that drop an entry (numbers compare as numbers; null also matches a missing key)."],
            ], required: ["key", "in"]),
            "flag": [
                "description": "true or false (yes/no and on/off are read too).",
                "oneOf": [["type": "boolean"], ["type": "string", "enum": ["true", "false", "yes", "no", "on", "off", "True", "False", "Yes", "No", "On", "Off", "TRUE", "FALSE", "YES", "NO", "ON", "OFF"]]],
            ],
            "localizedText": [
                "description": "Text, or a mapping of language to text ({en: Email address, de: E-Mail-Adresse}): each page takes its language's, else English, else the first.",
                "oneOf": [
                    scalar,
                    ["type": "object", "minProperties": 1, "propertyNames": ["pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$"], "additionalProperties": scalar],
                ],
            ],
            "languages": ["type": "array", "minItems": 1, "uniqueItems": true, "items": ["type": "string", "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"]],
            "countryCode": ["type": "string", "pattern": "^[A-Za-z]{2,3}$", "description": "An ISO 3166 country code of two or three letters (NL, NLD)."],
            "textList": ["oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]],
            "fields": ["type": "array", "items": ref("field")],
            "page": object(title: nil, [
                "id": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$", "description": "The page's name for branches' 'goTo' ('review' is the Check your answers step)."],
                "title": ref("localizedText", "The page's heading and step name."),
                "description": text("Markdown."),
                "fields": ref("fields"),
                "sections": ["type": "array", "items": ref("section")],
                "next": ["type": "array", "description": "Branches tested after this page, first match wins; without a match, the next page in order that is not an exit page.", "items": ref("branch")],
                "exit": ["type": "boolean", "description": "An exit page: it shows its 'text' and ends the journey, with no Next and no submit; it has no fields."],
                "text": ref("localizedText", "Markdown: what an exit page says."),
            ]),
            "branch": object(title: nil, [
                "when": text("The id of the field whose value is tested."),
                "condition": ["type": "string", "enum": .array(VisibilityRule.Condition.allCases.map { .string($0.rawValue) })],
                "value": ["description": "The value compared with (several for in/notIn).", "oneOf": [scalar, ["type": "array", "items": scalar]]],
                "values": ["type": "array", "items": scalar],
                "goTo": text("A later page's id, or 'review'."),
            ], required: ["when", "condition", "goTo"]),
            "section": object(title: nil, [
                "id": text("A repeating section's key for its list of items in the submission."),
                "repeat": ["description": "A list of items (\"Add another\"), each with the section's fields.", "oneOf": [
                    ["type": "boolean"],
                    object(title: nil, [
                        "min": ["type": "integer", "minimum": 0], "max": ["type": "integer", "minimum": 1],
                        "itemLabel": ref("localizedText", "An item's legend; {n} is its number (Pet {n})."),
                        "addLabel": ref("localizedText", "The Add button's text."),
                        "removeLabel": ref("localizedText", "The Remove button's text."),
                    ]),
                ]],
                "title": ref("localizedText", "The group's legend."),
                "description": ref("localizedText", "Markdown shown under the legend."),
                "fields": ref("fields"),
                "sections": ["type": "array", "description": "Nested groups.", "items": ref("section")],
            ]),
            "field": field,
            "option": ["oneOf": [
                ["type": ["string", "number", "boolean"]],
                object(title: nil, ["value": scalar, "label": ref("localizedText", "What the user sees (default: the value)."),
                                    "synonyms": ["type": "array", "items": ["type": "string"], "description": "Other names a searchable select finds the option by (an endonym, an abbreviation)."],
                                    "exclusive": ref("flag", "A checkbox field's \"None of these\": choosing it clears the others, and a submission may not hold it with another (one per field).")],
                       required: ["value"]),
            ]],
            "validation": validation,
            "rule": rule,
            "fieldRule": fieldRule,
            "dataSources": ["type": "array", "description": "Where prefilled values and options come from at run time; the page makes one request per source.", "items": object(title: nil, [
                "id": text("The name fields use in 'dataSource' and 'optionsFrom'."),
                "type": ["type": "string", "enum": ["api"], "default": "api"],
                "endpoint": text("The address answering with a JSON object (prefill) or list (options)."),
                "fields": ref("textList", "The ids of the fields this source fills."),
                "credentials": ref("credentials"),
            ], required: ["id", "endpoint"])],
            "credentials": ["type": "string", "enum": ["omit", "same-origin", "include"], "default": "same-origin",
                            "description": "Whether the request carries the browser's cookies (the Fetch API's option): same-origin for an API on the page's origin, include for one on another origin that allows credentials, omit for none. A session lives in an HttpOnly cookie the API sets; the page never sees a token."],
            "requiresSession": object(title: nil, [
                "check": text("The id of the data source asked on load; a 401 or 403 answer means there is no session."),
                "else": text("Where a person without a session goes (/login/). Enforced only with JavaScript: the page itself holds no personal data."),
            ], required: ["check", "else"]),
            "logout": object(title: nil, [
                "endpoint": text("Where the Log out button posts (a real form post, so it works without JavaScript)."),
                "goTo": text("The page to go to once signed out (/login/)."),
                "label": ref("localizedText", "The button's text (default: Log out, in the page's language)."),
                "credentials": ref("credentials"),
            ], required: ["endpoint", "goTo"]),
            "embed": object(title: nil, [
                "origins": ["type": "array", "minItems": 1, "description": "The origins whose pages may frame the form: https://host[:port], or http:// only for localhost, 127.0.0.1 or [::1].",
                            "items": ["type": "string", "pattern": "^(https://[^/?#\\s]+|http://(localhost|127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[::1\\])(:[0-9]{1,5})?)/?$"]],
            ], required: ["origins"]),
            "drafts": [
                "description": "Whether answers are kept in the browser while the form is filled in (never for passwords and fields that look like identity, bank or card numbers): true, false, or {enabled, maxAge}.",
                "oneOf": [
                    ["type": "boolean"],
                    object(title: nil, ["enabled": ["type": "boolean", "default": true],
                                        "maxAge": text("How long a draft is kept: a number with s, m, h or d (30m, 24h, 7d); default 24h.")]),
                ],
            ],
            "submit": object(title: nil, [
                "action": text("Where the answers are sent; without one, the page shows them as JSON."),
                "method": ["type": "string", "enum": ["post", "get", "POST", "GET"], "default": "post"],
                "encoding": ["type": "string", "enum": ["json", "form"], "default": "json", "description": "json (application/json, the default) or form (application/x-www-form-urlencoded)."],
                "successMessage": ref("localizedText", "Shown when the server accepts the answers."),
                "onSuccess": object(title: nil, ["goTo": text("The page to go to when the server accepts the answers (/home/).")], required: ["goTo"]),
                "redirect": text("The older spelling of onSuccess: {goTo: …}."),
                "credentials": ref("credentials"),
                "label": ref("localizedText", "The submit button's text (default: Submit, in the page's language)."),
                "enableWhen": ["type": "string", "enum": ["always", "complete"], "default": "always",
                               "description": "complete: the button says it is not ready (aria-disabled) until every required field is filled."],
                "kind": ["type": "string", "enum": ["login", "register"], "description": "What the form does: password fields then get current-password or new-password."],
                "messages": ["type": "object", "description": "What to show for a server's error status, by status (401: Wrong email or password).",
                             "additionalProperties": ["type": "string"]],
                "provider": ["type": "string", "enum": ["collect", "netlify", "formspree", "webhook"],
                             "description": "Who takes the answers: collect and webhook need url, formspree needs form."],
                "url": text("With provider collect or webhook: the http(s) address the answers are posted to."),
                "form": ["type": "string", "pattern": "^[A-Za-z0-9]{4,32}$", "description": "With provider formspree: the form's id from formspree.io/f/<id>."],
                "minSeconds": ["type": "integer", "minimum": 0, "maximum": 3600,
                               "description": "A submission sent sooner than this many seconds after the page opened is taken for a bot's."],
                "retention": ["type": "string", "pattern": "^[0-9]+[smhd]$",
                              "description": "How long formgen collect keeps a submission (30d, 90d, 730d); expired ones are deleted with their uploads."],
            ]),
        ]
    }

    static var field: JSONValue {
        var schema = object(title: nil, [
            "id": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$", "description": "The name the value is submitted under: letters, digits, '_' and '-', starting with a letter."],
            "type": ["type": "string", "enum": .array((FieldType.allCases.map(\.rawValue) + [FieldReader.autocompleteType]).map { .string($0) }), "default": "text",
                     "description": "The kind of field; 'autocomplete' is a select with 'search: true'."],
            "search": ["type": "boolean", "description": .string("A select drawn with a search box over it (type to filter, arrow keys, Enter); default: on for more than \(Field.searchThreshold) options written or from a list, off for options fetched by the page. Without JavaScript the select stays.")],
            "label": ref("localizedText", "What the field asks; for an image, its alternative text."),
            "alt": ref("localizedText", "An image's alternative text (as 'label')."),
            "help": ref("localizedText", "Markdown shown under the label."),
            "placeholder": ref("localizedText", "An example shown inside an empty input."),
            "required": ref("flag"),
            "readOnly": ref("flag"),
            "dataSource": text("The id of the data source that fills this field (it becomes read-only)."),
            "options": ["type": "array", "items": ref("option"), "description": "The choices of a select, radio or checkbox group."],
            "optionsFrom": object(title: nil, [
                "dataSource": text("The data source answering with a list (fetched by the page)."),
                "list": text("A list of 'remote.lists' in site.yaml (fetched at build time; the page carries the options)."),
                "valueKey": text("The key of each entry's value (default: value)."),
                "labelKey": text("The key of each entry's label (default: valueKey)."),
                "dropIf": ref("dropIf"),
            ]),
            "mask": ["type": "string", "pattern": "[#A*]", "description": "An input mask: # a digit, A a letter, * either; other characters are typed for the user (####-###-####)."],
            "keyboard": ["type": "string", "enum": ["normal", "numeric", "decimal", "email", "tel", "url", "password"]],
            "dateStyle": ["type": "string", "enum": ["native", "boxes"], "default": "native", "description": "How a date is entered: the browser's date input, or three boxes for day, month and year (GOV.UK's date input)."],
            "autocomplete": text("An HTML autocomplete token (inferred from the id and label when left out)."),
            "default": scalar,
            "sensitive": ref("flag", "Never kept in browser drafts (passwords never are)."),
            "validation": ref("validation"),
            "rules": ["type": "array", "description": "Rules on this field's value (the pet-adoption shape, without 'when').", "items": ref("fieldRule")],
            "src": text("An image's address."),
            "text": ref("localizedText", "A paragraph's Markdown."),
            "accept": ["description": "A file field's types: MIME types (image/png, image/*) or extensions (.pdf).",
                       "oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]],
            "maxSize": ["description": "A file field's largest file: 5MB, 200KB, 2MiB or bytes.", "type": ["string", "integer"]],
            "multiple": ref("flag", "A file field takes several files; a grid's rows take several columns each (checkboxes)."),
            "rows": ["type": "array", "minItems": 1, "description": "A grid's rows, each answered on its own: {id, label} (or a text, its id made from it).",
                     "items": ["oneOf": [["type": "string"], object(title: nil, [
                         "id": ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$", "description": "The row's key in the grid's answer (grid.row when posted)."],
                         "label": ref("localizedText", "What the row asks about."),
                     ], required: ["id"])]]],
            "columns": ["type": "array", "minItems": 1, "items": ref("option"), "description": "A grid's columns: the answers every row offers."],
            "min": ["type": "integer", "description": "A scale's lowest number (0 or 1)."],
            "max": ["type": "integer", "description": "A scale's highest number, above min and at most 10 more (5, 10)."],
            "minLabel": ref("localizedText", "A scale's text at its lowest end (Not at all likely)."),
            "maxLabel": ref("localizedText", "A scale's text at its highest end (Extremely likely)."),
            "maxFiles": ["type": "integer", "minimum": 1, "description": "Most files when multiple."],
            "other": ["description": "Radio, select and checkbox fields: adds the option 'other' and a text field, submitted as '<id>_other', shown under it and required when it is chosen.",
                      "oneOf": [["type": "boolean"], object(title: nil, ["label": ref("localizedText", "The option's label (default: \"Other\" in the page's language).")])]],
        ], required: ["id"])
        schema["if"] = ["properties": ["type": ["const": "paragraph"]], "required": ["type"]]
        schema["else"] = ["anyOf": [["required": ["label"]], ["required": ["alt"]]]]
        return schema
    }

    /// `validation:` in its three shapes: flat `{regex, message}`, a map of rule to `{value, message}`, a list of `{type, value, message}`.
    static var validation: JSONValue {
        let descriptions: [String: String] = [
            "required": "The field must be filled in.",
            "regex": "A regular expression the answer must contain a match of (anchor it with ^…$).",
            "pattern": "The same as regex.",
            "minLength": "At least this many characters.",
            "maxLength": "At most this many characters; a textarea shows a count under it.",
            "maxWords": "At most this many words (runs of characters other than white space); a text or textarea field shows a count under it.",
            "minValue": "A number at least this.",
            "maxValue": "A number at most this.",
            "min": "The same as minValue.",
            "max": "The same as maxValue.",
            "email": "An email address.",
            "mask": "The shape of the answer: # a digit, A a letter, * either.",
            "minDate": "On or after a date: 2000-01-31, today, or relative to today (-18y, +30d, -1y6m).",
            "maxDate": "On or before a date: 2000-01-31, today, or relative to today.",
            "minAge": "At least this many whole years before today.",
            "maxAge": "At most this many whole years before today.",
            "equalsField": "The same as another field (its id).",
        ]
        let allowSlow: JSONValue = ["type": "boolean", "description": "Accept a regex the build flags as possibly slow (a warning instead of an error)."]
        var ruleProperties: [String: JSONValue] = ["message": ref("localizedText", "The message for every rule of this map that gives none."),
                                                   "allowSlowRegex": allowSlow]
        for (name, description) in descriptions {
            ruleProperties[name] = [
                "description": .string(description),
                "oneOf": [scalar, object(title: nil, ["value": scalar, "message": ref("localizedText", "Shown when the check fails."),
                                                      "allowSlowRegex": allowSlow])],
            ]
        }
        let names = ValidationRule.names + ["pattern", "min", "max"]
        return [
            "description": "Checks on the answer, each with an optional message.",
            "oneOf": [
                ["type": "object", "properties": .object(ruleProperties), "additionalProperties": false],
                ["type": "array", "items": object(title: nil, [
                    "type": ["type": "string", "enum": .array(names.map { .string($0) })],
                    "value": scalar,
                    "message": ref("localizedText", "Shown when the check fails."),
                    "allowSlowRegex": allowSlow,
                ], required: ["type"])],
            ],
        ]
    }

    private static func ruleProperties(withWhen: Bool) -> [String: JSONValue] {
        var properties: [String: JSONValue] = [
            "condition": ["type": "string", "enum": .array(VisibilityRule.Condition.allCases.map { .string($0.rawValue) })],
            "value": ["description": "The value compared with (several for in/notIn).", "oneOf": [scalar, ["type": "array", "items": scalar]]],
            "values": ["type": "array", "items": scalar],
            "action": ["type": "string", "enum": .array(VisibilityRule.Action.allCases.map { .string($0.rawValue) }), "description": "What happens to the targets when the condition holds."],
            "otherwise": ["type": "string", "enum": .array(VisibilityRule.Action.allCases.map { .string($0.rawValue) }), "description": "What happens to the targets when it does not."],
            "targets": ref("textList", "The ids of the fields acted on."),
        ]
        if withWhen { properties["when"] = text("The id of the field whose value is tested.") }
        return properties
    }

    static var rule: JSONValue {
        object(title: nil, ruleProperties(withWhen: true), required: ["when", "condition", "action", "targets"])
    }

    static var fieldRule: JSONValue {
        object(title: nil, ruleProperties(withWhen: false), required: ["condition", "action", "targets"])
    }

    // MARK: Building blocks

    /// `brand:` of site.yaml.
    private static var brandSchema: JSONValue {
        let colour: JSONValue = ["type": "string", "pattern": "^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|[Ww]hite|[Bb]lack)$"]
        var main = colour
        main["description"] = "The brand colour (#rrggbb): header, buttons and links. The build checks its WCAG 2.2 contrast with the text on it, the page and the focus ring."
        var onBrand = colour
        onBrand["description"] = "The text on the brand colour (header, buttons); default white."
        return object(title: nil, [
            "colour": main,
            "color": main,
            "textColour": onBrand,
            "textColor": onBrand,
            "logo": text("A file under assets/ (assets/logo.svg) or an https: URL, shown before the site's title."),
            "font": ["type": "string", "enum": .array(Brand.Font.allCases.map { .string($0.rawValue) }), "description": "The font family: a stack of fonts the device already has."],
            "radius": ["type": ["integer", "string"], "pattern": "^[0-9]{1,2}(px)?$", "minimum": 0, "maximum": 32, "description": "Corner radius of inputs and buttons in pixels (4 or 4px)."],
        ])
    }

    /// `remote:` of site.yaml.
    private static var remoteSchema: JSONValue {
        let duration: JSONValue = ["type": ["string", "number"], "description": "A duration: seconds, or a number with s, m, h or d (30s, 10m, 1h, 2d)."]
        let request: [String: JSONValue] = [
            "url": text("An https:// or http:// address; ${VAR} is read from the environment."),
            "maxAge": duration,
            "headers": ["type": "object", "additionalProperties": ["type": "string"], "description": "Request headers; ${VAR} is read from the environment and never written to the output or the cache."],
        ]
        var form = request
        form["id"] = text("The form's output path (default: the URL's last segment without its extension).")
        var list = request
        list["id"] = text("The name 'optionsFrom: {list: …}' uses.")
        list["items"] = text("Where the array is: $, .key and [n] steps ($.rates). Default: $.")
        list["value"] = text("The key of each item's value.")
        list["label"] = text("A key, or a template over keys ({name} ({shortName})). Default: the value.")
        list["dropIf"] = ref("dropIf")
        return object(title: nil, [
            "forms": ["type": "array", "description": "Forms downloaded at build time, in any format formgen reads.", "items": object(title: nil, form, required: ["url"])],
            "lists": ["type": "array", "description": "Option lists downloaded at build time.", "items": object(title: nil, list, required: ["id", "url", "value"])],
            "images": ["type": "boolean", "default": true, "description": "Download the images forms name by URL into assets/remote/ (--no-download-images keeps the URLs)."],
            "connectTimeout": duration,
            "timeout": duration,
        ])
    }

    private static func object(title: String?, _ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        var schema: JSONValue = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if let title { schema["title"] = .string(title) }
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return schema
    }

    private static func text(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description)]
    }

    private static func ref(_ name: String, _ description: String? = nil) -> JSONValue {
        guard let description else { return ["$ref": .string("#/definitions/\(name)")] }
        return ["allOf": [["$ref": .string("#/definitions/\(name)")]], "description": .string(description)]
    }
}
