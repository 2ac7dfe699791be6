/// Whether a number as written overflows what it is read into: an integer 64 bits, any other
/// number (a fraction, an exponent) a finite double. Both of shade's checks of a text ask it
/// (`StrictnessScan`, `JSONSyntax`), and only of a number that could: an integer of 19 digits
/// or more, or a number with an exponent.
enum JSONNumberText {
    /// Whether the number `token` overflows; a token that is not a number does not.
    static func overflows(_ token: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Bool {
        let text = String(decoding: token, as: UTF8.self)
        if isInteger { return Int64(text) == nil }
        return Double(text).map { !$0.isFinite } ?? false
    }
}
