import Foundation

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
    /// The field's stored values. A copy of a field shares them until one of the two changes (copy on write): forms,
    /// pages and checks pass fields around by value, and copying some thirty values cost a retain for each.
    struct Values: Sendable, Hashable {
        var id: String
        var type: FieldType
        var label: String
        var help: String?
        var placeholder: String?
        var required: Bool
        var requiredMessage: String?
        var readOnly: Bool
        var dataSource: String?
        var options: [FieldOption]
        var optionsSource: OptionsSource?
        var mask: String?
        var keyboard: Keyboard?
        var dateStyle: DateStyle = .native
        var search: Bool?
        var autocomplete: String?
        var defaultValue: String?
        var sensitive: Bool
        var src: String?
        var localImage: String?
        var imageUnavailable: Bool = false
        var optionsList: OptionsList?
        var upload: UploadRules?
        var rows: [FieldOption] = []
        var multiple: Bool = false
        var scale: ScaleRange?
        var content: String?
        var validations: [ValidationRule]
        var location: SourceLocation
        var typeLocation: SourceLocation
        var translations: [String: [String: String]] = [:]
        var keyLocations = KeyLocations()
        var other: OtherChoice?
        var otherOf: String?
    }

    private final class Storage: @unchecked Sendable {
        var values: Values
        /// `Sensitivity.reason(for:)` of `values` once asked (`.some(nil)`: not sensitive), read and set under
        /// `Field.derivedLocks`; cleared before any change to `values`.
        var sensitivityReason: String??
        /// The default messages made for `values` (``Field/defaultMessage(_:language:value:otherLabel:count:tables:)``),
        /// read and set under `Field.derivedLocks`; cleared before any change to `values`.
        var defaultMessages: [DefaultMessage] = []
        init(_ values: Values) { self.values = values }
    }

    /// A default message with what it was made from besides the field.
    private struct DefaultMessage {
        let check: String
        let language: String
        let value: String?
        let otherLabel: String?
        let count: Int?
        /// The tables' identity (``MessageTables/identity``), held so that it cannot name other tables later.
        let tables: AnyObject
        let text: String
    }

    private var storage: Storage

    /// The storage, copied first when another field shares it. A storage only this field holds cannot be read by
    /// another thread, so what was derived from it is forgotten here without a lock.
    private mutating func unique() -> Storage {
        if isKnownUniquelyReferenced(&storage) {
            storage.sensitivityReason = nil
            storage.defaultMessages = []
        } else {
            storage = Storage(storage.values)
        }
        return storage
    }

    /// Locks for what is derived from a shared storage, picked by the storage's address.
    private static let derivedLocks: [NSLock] = (0..<32).map { _ in NSLock() }

    /// Why the field is never drafted (``Sensitivity/reason(for:)``), decided once for all who share this value:
    /// its page's spec and its reference page both ask.
    var sensitivityReason: String? {
        let storage = self.storage
        let lock = Self.derivedLocks[Int((UInt(bitPattern: ObjectIdentifier(storage)) >> 4) & 31)]
        lock.lock()
        let known = storage.sensitivityReason
        lock.unlock()
        if let known { return known }
        let reason = Sensitivity.reason(for: self)
        lock.lock()
        storage.sensitivityReason = .some(reason)
        lock.unlock()
        return reason
    }

    /// `Messages.defaultMessage` for this field, made once for all who share this value and ask with the same
    /// language, value, other label, count and tables: its page's spec, its JSON Schema and its reference page each ask.
    func defaultMessage(_ check: String, language: String, value: String?, otherLabel: String?, count: Int?, tables: MessageTables) -> String {
        let storage = self.storage, identity = tables.identity
        let lock = Self.derivedLocks[Int((UInt(bitPattern: ObjectIdentifier(storage)) >> 4) & 31)]
        lock.lock()
        let known = storage.defaultMessages.first {
            $0.check == check && $0.language == language && $0.value == value && $0.otherLabel == otherLabel && $0.count == count
                && $0.tables === identity
        }
        lock.unlock()
        if let known { return known.text }
        let text = Messages.defaultMessage(check, field: self, language: language, value: value, otherLabel: otherLabel, count: count, tables: tables)
        lock.lock()
        // A field has a few checks; past a few dozen messages (many languages, many tables) the list starts over.
        if storage.defaultMessages.count >= 32 { storage.defaultMessages.removeAll() }
        storage.defaultMessages.append(DefaultMessage(check: check, language: language, value: value, otherLabel: otherLabel, count: count,
                                                      tables: identity, text: text))
        lock.unlock()
        return text
    }

    public static func == (left: Field, right: Field) -> Bool {
        left.storage === right.storage || left.storage.values == right.storage.values
    }

    public func hash(into hasher: inout Hasher) { storage.values.hash(into: &hasher) }

    public var id: String {
        get { storage.values.id }
        _modify { yield &unique().values.id }
    }
    public var type: FieldType {
        get { storage.values.type }
        _modify { yield &unique().values.type }
    }
    public var label: String {
        get { storage.values.label }
        _modify { yield &unique().values.label }
    }
    /// Markdown shown under the label.
    public var help: String? {
        get { storage.values.help }
        _modify { yield &unique().values.help }
    }
    public var placeholder: String? {
        get { storage.values.placeholder }
        _modify { yield &unique().values.placeholder }
    }
    public var required: Bool {
        get { storage.values.required }
        _modify { yield &unique().values.required }
    }
    public var requiredMessage: String? {
        get { storage.values.requiredMessage }
        _modify { yield &unique().values.requiredMessage }
    }
    public var readOnly: Bool {
        get { storage.values.readOnly }
        _modify { yield &unique().values.readOnly }
    }
    public var dataSource: String? {
        get { storage.values.dataSource }
        _modify { yield &unique().values.dataSource }
    }
    public var options: [FieldOption] {
        get { storage.values.options }
        _modify { yield &unique().values.options }
    }
    public var optionsSource: OptionsSource? {
        get { storage.values.optionsSource }
        _modify { yield &unique().values.optionsSource }
    }
    public var mask: String? {
        get { storage.values.mask }
        _modify { yield &unique().values.mask }
    }
    public var keyboard: Keyboard? {
        get { storage.values.keyboard }
        _modify { yield &unique().values.keyboard }
    }
    /// How a date is entered (`dateStyle: boxes`); dates only.
    public var dateStyle: DateStyle {
        get { storage.values.dateStyle }
        _modify { yield &unique().values.dateStyle }
    }
    /// `search: true` or `false` as written (`type: autocomplete` is a select with `search: true`); nil when not written.
    public var search: Bool? {
        get { storage.values.search }
        _modify { yield &unique().values.search }
    }
    /// Whether the select is drawn with a search box: as written, else on for more than
    /// ``Field/searchThreshold`` options known at build time.
    public var searches: Bool {
        guard kind == .select else { return false }
        return search ?? (options.count > Field.searchThreshold)
    }
    /// A select with more options than this searches by default.
    public static let searchThreshold = 20
    public var autocomplete: String? {
        get { storage.values.autocomplete }
        _modify { yield &unique().values.autocomplete }
    }
    public var defaultValue: String? {
        get { storage.values.defaultValue }
        _modify { yield &unique().values.defaultValue }
    }
    /// Never kept in browser drafts.
    public var sensitive: Bool {
        get { storage.values.sensitive }
        _modify { yield &unique().values.sensitive }
    }
    /// Image address for `image` fields.
    public var src: String? {
        get { storage.values.src }
        _modify { yield &unique().values.src }
    }
    /// The output path of a downloaded image's copy (`assets/remote/….png`), set by the build.
    public var localImage: String? {
        get { storage.values.localImage }
        _modify { yield &unique().values.localImage }
    }
    /// True when an image named by URL could not be downloaded: the page shows its alternative text.
    public var imageUnavailable: Bool {
        get { storage.values.imageUnavailable }
        _modify { yield &unique().values.imageUnavailable }
    }
    /// A build-time option list the options come from.
    public var optionsList: OptionsList? {
        get { storage.values.optionsList }
        _modify { yield &unique().values.optionsList }
    }
    /// A file field's limits (`accept`, `maxSize`, `multiple`, `maxFiles`).
    public var upload: UploadRules? {
        get { storage.values.upload }
        _modify { yield &unique().values.upload }
    }
    /// A grid's rows, each row's id as `value`; its columns are `options`.
    public var rows: [FieldOption] {
        get { storage.values.rows }
        _modify { yield &unique().values.rows }
    }
    /// A grid of checkboxes: several columns may be chosen in each row.
    public var multiple: Bool {
        get { storage.values.multiple }
        _modify { yield &unique().values.multiple }
    }
    /// A scale's bounds and end labels.
    public var scale: ScaleRange? {
        get { storage.values.scale }
        _modify { yield &unique().values.scale }
    }
    /// Markdown body of `paragraph` fields.
    public var content: String? {
        get { storage.values.content }
        _modify { yield &unique().values.content }
    }
    public var validations: [ValidationRule] {
        get { storage.values.validations }
        _modify { yield &unique().values.validations }
    }
    public var location: SourceLocation {
        get { storage.values.location }
        _modify { yield &unique().values.location }
    }
    /// Where the type was written, for errors about it.
    public var typeLocation: SourceLocation {
        get { storage.values.typeLocation }
        _modify { yield &unique().values.typeLocation }
    }
    /// `label`, `help` and `placeholder` in other languages: property → lower-case language tag → text.
    public var translations: [String: [String: String]] {
        get { storage.values.translations }
        _modify { yield &unique().values.translations }
    }
    /// Where each key's value was written (`dataSource` → 14:17), for errors about that key.
    public var keyLocations: KeyLocations {
        get { storage.values.keyLocations }
        _modify { yield &unique().values.keyLocations }
    }

    /// "Other, please specify": the added option and its text field (`other:`); choice fields only.
    public var other: OtherChoice? {
        get { storage.values.other }
        _modify { yield &unique().values.other }
    }
    /// On the text field formgen adds for a field's "Other": that field's id.
    public var otherOf: String? {
        get { storage.values.otherOf }
        _modify { yield &unique().values.otherOf }
    }

    /// The position of a key's value, or of the field itself when the key was not written.
    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }

    public init(id: String, type: FieldType, label: String, at location: SourceLocation) {
        storage = Storage(Values(id: id, type: type, label: label, help: nil, placeholder: nil, required: false, requiredMessage: nil,
                                 readOnly: false, dataSource: nil, options: [], optionsSource: nil, mask: nil, keyboard: nil,
                                 autocomplete: nil, defaultValue: nil, sensitive: false, src: nil, localImage: nil, optionsList: nil,
                                 upload: nil, content: nil, validations: [], location: location, typeLocation: location))
    }

    /// The field with its texts and messages in `language` (`de-DE`, else `de`), where the config gives them.
    public func translated(to language: String) -> Field {
        let tag = language.lowercased()
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        func pick(_ map: [String: String]?) -> String? { map.flatMap { $0[tag] ?? $0[primary] } }
        var copy = self
        copy.change(\.label, to: pick(translations["label"]) ?? label)
        copy.change(\.help, to: pick(translations["help"]) ?? help)
        copy.change(\.placeholder, to: pick(translations["placeholder"]) ?? placeholder)
        copy.change(\.requiredMessage, to: pick(translations["requiredMessage"]) ?? requiredMessage)
        if var range = scale {
            range.minLabel = pick(translations["minLabel"]) ?? range.minLabel
            range.maxLabel = pick(translations["maxLabel"]) ?? range.maxLabel
            copy.change(\.scale, to: range)
        }
        if var choice = other {
            choice.label = pick(choice.translations) ?? choice.label
            copy.change(\.other, to: choice)
        }
        if validations.contains(where: { !$0.messageTranslations.isEmpty }) {
            copy.change(\.validations, to: validations.map { rule in
                var rule = rule
                rule.message = pick(rule.messageTranslations) ?? rule.message
                return rule
            })
        }
        return copy
    }

    /// Sets a property only when `value` differs from it: a copy of a field keeps sharing the original's values
    /// until something really changes (translating into the language a field is written in changes nothing).
    mutating func change<Value: Equatable>(_ property: WritableKeyPath<Field, Value>, to value: Value) {
        if self[keyPath: property] != value { self[keyPath: property] = value }
    }

    /// The options a yes/no field offers.
    public static let yesNoOptions = [FieldOption(value: "Yes", label: "Yes"), FieldOption(value: "No", label: "No")]

    /// The options shown, with yes/no fields given their two fixed answers, scales their numbers, and "Other" last (before a last exclusive
    /// option) when the field has it.
    public var effectiveOptions: [FieldOption] {
        if type == .yesno { return Field.yesNoOptions }
        if type == .scale { return scale?.options ?? [] }
        guard let other else { return options }
        // Before a last "None of these", which GOV.UK sets apart at the end.
        if let last = options.last, last.exclusive == true { return options.dropLast() + [other.option, last] }
        return options + [other.option]
    }
}
