/// The word of a list nearest to a mistyped one, for "did you mean …?": an unknown command's,
/// an unknown setting's.
public enum NearestWord {
    /// The candidate within two edits of `word` (and fewer edits than the word is long), the
    /// nearest first; nil when none is that close.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, typed.count <= 40 else { return nil }
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate))
            guard distance <= 2, distance < max(typed.count, 2) else { continue }
            if distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.word
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            before = previous
            previous = current
        }
        return previous[b.count]
    }
}
