/// One choice of a select, radio or checkbox group.
public struct FieldOption: Sendable, Hashable, Codable {
    public var value: String
    public var label: String
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}

/// Options fetched from a data source at run time (a list endpoint).
public struct OptionsSource: Sendable, Hashable {
    public var dataSource: String
    public var valueKey: String
    public var labelKey: String
    /// Entries not offered (`dropIf`); without it, entries whose value is missing or blank.
    public var dropIf: DropRule?
    public var location: SourceLocation
}

/// Options from a list fetched at build time (`optionsFrom: {list: currencies}`).
public struct OptionsList: Sendable, Hashable {
    public var list: String
    public var location: SourceLocation
}

/// One field of a form: an input, or a display-only image or paragraph.
public struct Field: Sendable, Hashable {
    public var id: String
    public var type: FieldType
    public var label: String
    /// Markdown shown under the label.
    public var help: String?
    public var placeholder: String?
    public var required: Bool
    public var requiredMessage: String?
    public var readOnly: Bool
    public var dataSource: String?
    public var options: [FieldOption]
    public var optionsSource: OptionsSource?
    public var mask: String?
    public var keyboard: Keyboard?
    /// How a date is entered (`dateStyle: boxes`); dates only.
    public var dateStyle: DateStyle = .native
    public var autocomplete: String?
    public var defaultValue: String?
    /// Never kept in browser drafts.
    public var sensitive: Bool
    /// Image address for `image` fields.
    public var src: String?
    /// The output path of a downloaded image's copy (`assets/remote/….png`), set by the build.
    public var localImage: String?
    /// True when an image named by URL could not be downloaded: the page shows its alternative text.
    public var imageUnavailable = false
    /// A build-time option list the options come from.
    public var optionsList: OptionsList?
    /// A file field's limits (`accept`, `maxSize`, `multiple`, `maxFiles`).
    public var upload: UploadRules?
    /// Markdown body of `paragraph` fields.
    public var content: String?
    public var validations: [ValidationRule]
    public var location: SourceLocation
    /// Where the type was written, for errors about it.
    public var typeLocation: SourceLocation
    /// `label`, `help` and `placeholder` in other languages: property → lower-case language tag → text.
    public var translations: [String: [String: String]] = [:]
    /// Where each key's value was written (`dataSource` → 14:17), for errors about that key.
    public var keyLocations: [String: SourceLocation] = [:]

    /// The position of a key's value, or of the field itself when the key was not written.
    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }

    public init(id: String, type: FieldType, label: String, at location: SourceLocation) {
        self.id = id
        self.type = type
        self.label = label
        self.help = nil
        self.placeholder = nil
        self.required = false
        self.requiredMessage = nil
        self.readOnly = false
        self.dataSource = nil
        self.options = []
        self.optionsSource = nil
        self.mask = nil
        self.keyboard = nil
        self.autocomplete = nil
        self.defaultValue = nil
        self.sensitive = false
        self.src = nil
        self.content = nil
        self.validations = []
        self.location = location
        self.typeLocation = location
    }

    /// The field with its texts and messages in `language` (`de-DE`, else `de`), where the config gives them.
    public func translated(to language: String) -> Field {
        let tag = language.lowercased()
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        func pick(_ map: [String: String]?) -> String? { map.flatMap { $0[tag] ?? $0[primary] } }
        var copy = self
        copy.label = pick(translations["label"]) ?? label
        copy.help = pick(translations["help"]) ?? help
        copy.placeholder = pick(translations["placeholder"]) ?? placeholder
        copy.requiredMessage = pick(translations["requiredMessage"]) ?? requiredMessage
        copy.validations = validations.map { rule in
            var rule = rule
            rule.message = pick(rule.messageTranslations) ?? rule.message
            return rule
        }
        return copy
    }

    /// The options a yes/no field offers.
    public static let yesNoOptions = [FieldOption(value: "Yes", label: "Yes"), FieldOption(value: "No", label: "No")]

    /// The options shown, with yes/no fields given their two fixed answers.
    public var effectiveOptions: [FieldOption] { type == .yesno ? Field.yesNoOptions : options }
}
