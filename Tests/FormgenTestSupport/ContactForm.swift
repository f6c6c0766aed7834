/// The contact form the Swift test targets build, serve and post to: a required name, an age of 18 or over and two topic
/// checkboxes, with the lines a test needs added (`submit:` settings, more fields, rules).
public enum ContactForm {
    /// The form as it is most often used: a "Thanks, we got it." success message and the three fields.
    public static let yaml = make()

    /// The form with `submit` lines (each `key: value`) after the success message, `fields` (YAML list items, indented
    /// by two spaces) after the three, and `rules` (the `rules:` list's items) at the end.
    public static func make(submit: [String] = [], fields: String = "", rules: String = "") -> String {
        var text = """
        id: contact
        title: Contact us
        submit:
          successMessage: Thanks, we got it.

        """
        for line in submit { text += "  \(line)\n" }
        text += """
        fields:
          - id: name
            label: Your name
            type: text
            required: true
          - id: age
            label: Age
            type: number
            validation:
              minValue: { value: 18, message: You must be 18 or over }
          - id: topics
            label: Topics
            type: checkbox
            options: [News, Events]

        """
        text += fields
        if !rules.isEmpty { text += "rules:\n" + rules }
        return text
    }
}
