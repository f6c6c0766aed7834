extension Messages {
    /// A span of time in words, in whole days (from two), hours or minutes: "24 hours", "7 dagen", "30 Minuten".
    public static func duration(seconds: Int, language: String) -> String {
        let (count, unit): (Int, Int)
        if seconds >= 172_800, seconds % 86_400 == 0 {
            (count, unit) = (seconds / 86_400, 0)
        } else if seconds >= 3_600, seconds % 3_600 == 0 {
            (count, unit) = (seconds / 3_600, 1)
        } else {
            (count, unit) = (max(1, seconds / 60), 2)
        }
        let words: [(one: String, many: String)]
        switch primaryLanguage(language) {
        case "nl": words = [("dag", "dagen"), ("uur", "uur"), ("minuut", "minuten")]
        case "de": words = [("Tag", "Tage"), ("Stunde", "Stunden"), ("Minute", "Minuten")]
        default: words = [("day", "days"), ("hour", "hours"), ("minute", "minutes")]
        }
        return "\(count) \(count == 1 ? words[unit].one : words[unit].many)"
    }
}
