import ShadeCore

/// How many terminal columns text takes: 2 for wide (CJK, emoji), 0 for combining marks.
public enum DisplayWidth {
    /// The columns a string takes.
    public static func of(_ text: String) -> Int {
        // Printable ASCII, the common case, is one column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        // Regional indicator pairs (flags).
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        return of(first)
    }

    /// The columns one scalar takes on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 || value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Pads with spaces on the right to `width` columns (no change when already wider).
    public static func padRight(_ text: String, to width: Int) -> String {
        let current = of(text)
        return current >= width ? text : text + String(repeating: " ", count: width - current)
    }

    /// Pads with spaces on the left to `width` columns.
    public static func padLeft(_ text: String, to width: Int) -> String {
        let current = of(text)
        return current >= width ? text : String(repeating: " ", count: width - current) + text
    }

    /// Cuts text to at most `width` columns, ending with `…` when it was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}

extension DisplayWidth {
    /// The columns safe text takes (its escapes as they are shown; no colour codes in it).
    public static func of(_ text: SafeText) -> Int { of(text.text) }

    /// Pads safe text with spaces on the right to `width` columns.
    public static func padRight(_ text: SafeText, to width: Int) -> SafeText {
        SafeText(verbatim: padRight(text.text, to: width))
    }

    /// Pads safe text with spaces on the left to `width` columns.
    public static func padLeft(_ text: SafeText, to width: Int) -> SafeText {
        SafeText(verbatim: padLeft(text.text, to: width))
    }

    /// Cuts safe text to at most `width` columns, ending with `…` when it was cut; an escape the
    /// cut would split (`\u202e` → `\u20`) goes whole, so that no mark is left half-shown.
    public static func truncate(_ text: SafeText, to width: Int) -> SafeText {
        var cut = truncate(text.text, to: width)
        guard cut != text.text, cut.hasSuffix("…") else { return SafeText(verbatim: cut) }
        cut.removeLast()
        if let slash = cut.lastIndex(of: "\\") {
            let escape = cut[slash...]
            let whole: Int
            switch escape.dropFirst().first {
            case "x": whole = 4
            case "u": whole = 6
            default: whole = 2
            }
            if escape.count < whole { cut = String(cut[..<slash]) }
        }
        return SafeText(verbatim: cut + "…")
    }
}
