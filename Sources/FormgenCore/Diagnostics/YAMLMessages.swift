/// libyaml's common error messages in plain words, with what to do about them.
enum YAMLMessages {
    static let plain: [String: String] = [
        "mapping values are not allowed in this context":
            "a ':' here starts a new mapping; indent this line under the key it belongs to, or quote the value",
        "found character that cannot start any token":
            "this character cannot start a value (a tab, '@' or '`'); indent with spaces, or quote the value",
        "found a tab character that violates indentation":
            "a tab is used for indentation; YAML indents with spaces only",
        "found a tab character where an indentation space is expected":
            "a tab is used for indentation; YAML indents with spaces only",
        "did not find expected key":
            "this line is not lined up with the keys above it; indent it like its siblings, or quote a value that holds ': ' or '#'",
        "did not find expected ',' or ']'":
            "a '[' list is not closed here: separate its items with ',' and end it with ']'",
        "did not find expected ',' or '}'":
            "a '{' mapping is not closed here: separate its entries with ',' and end it with '}'",
        "did not find expected '-' indicator":
            "this line is not lined up with the '- ' items above it",
        "block sequence entries are not allowed in this context":
            "a '- ' list cannot start on the same line as its key; put it on the next line, indented",
        "could not find expected ':'":
            "a key here has no ':' after it, or a quoted value goes on past the end of its line",
        "found unexpected end of stream":
            "the file ends inside a quoted value or an open list; close the quote or the bracket",
        "found unknown escape character":
            "an unknown '\\' escape in a double-quoted value; use single quotes, or write '\\\\'",
        "did not find expected node content":
            "a value is missing here (after '-', ':' or ',')",
    ]

    /// The plain version of a libyaml message, or the message itself when it is not a common one.
    static func translate(_ problem: String) -> String {
        plain[problem] ?? problem
    }
}
