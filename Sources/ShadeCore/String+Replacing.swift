extension String {
    /// The string with every occurrence of `target` replaced by `replacement`, left to right,
    /// character by character (an empty `target` replaces nothing): for the targets that import
    /// no Foundation, such as the completion scripts' quoting.
    ///
    /// Disfavoured so that where Foundation is imported too (the CSV reader, the tests), its own
    /// `replacingOccurrences(of:with:)` is the one taken, as it was before this one was public.
    @_disfavoredOverload
    public func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
