extension TimeOfDay {
    /// Parses a time as people type it after `at:`: `9`, `930`, `0930`, `9:30`, `09:30`, `9am`,
    /// `7pm`, `9:30pm`, `12am` (midnight), `12pm` (noon), in any letter case.
    public init?(typed text: some StringProtocol) {
        var rest = Substring(text.lowercased())
        var meridiem: String?
        if rest.hasSuffix("am") || rest.hasSuffix("pm") {
            meridiem = String(rest.suffix(2))
            rest = rest.dropLast(2)
        }
        let bytes = Array(rest.utf8)
        guard !bytes.isEmpty, bytes.count <= 5 else { return nil }
        var hour: Int
        var minute: Int
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            // H:MM or HH:MM.
            guard (1...2).contains(colon), bytes.count - colon == 3,
                let h = Digits.value(bytes[..<colon]), let m = Digits.value(bytes[(colon + 1)...])
            else { return nil }
            (hour, minute) = (h, m)
        } else {
            guard let value = Digits.value(bytes[...]) else { return nil }
            switch bytes.count {
            case 1, 2: (hour, minute) = (value, 0)  // 9, 09, 19
            case 3, 4: (hour, minute) = (value / 100, value % 100)  // 930, 0930, 1930
            default: return nil
            }
        }
        guard minute < 60 else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        self.init(hour: hour, minute: minute)
    }
}
