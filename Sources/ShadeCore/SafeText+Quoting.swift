extension SafeText {
    /// A word as a message quotes it: at most 40 characters (the first 39 and `…` when it is
    /// longer), control characters made visible.
    public static func quoted(_ word: String) -> SafeText {
        "\(word.count > 40 ? String(word.prefix(39)) + "…" : word)"
    }
}
