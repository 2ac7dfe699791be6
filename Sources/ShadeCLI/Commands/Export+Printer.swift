import ShadeCore
import ShadeHost
import ShadeInterchange
import ShadeRendering

extension Shade.Export {
    /// An export printed to standard output a piece at a time, each piece made safe for the
    /// terminal as the whole text is (`terminalSafe`): every piece ends at a record's end, and the
    /// escaping goes a character at a time. The last piece is held back until the end, for the
    /// rule of the last line break: the output's own line break is the file's last one.
    final class Printer {
        let format: InterchangeFormat
        let session: Session
        /// The last piece, not printed yet.
        private var held = ""
        /// Whether what was printed so far ends with a line break.
        private var printedEndsWithLineBreak = false

        init(format: InterchangeFormat, session: Session) {
            self.format = format
            self.session = session
        }

        /// Takes the next piece of the file.
        func take(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            if !held.isEmpty {
                session.printPiece(Shade.Export.escaped(held, format: format))
                printedEndsWithLineBreak = held.unicodeScalars.last == "\n"
            }
            held = String(decoding: bytes, as: UTF8.self)
        }

        /// Prints the last piece: without the file's last line break, and with a line break
        /// after it unless the text then ends with one.
        func finish() {
            var scalars = held.unicodeScalars
            if scalars.last == "\n" { scalars.removeLast() }
            let last = Shade.Export.escaped(String(scalars), format: format)
            let endsWithLineBreak = scalars.isEmpty ? printedEndsWithLineBreak : scalars.last == "\n"
            session.printPiece(endsWithLineBreak ? last : last + "\n")
            held = ""
        }
    }
}
