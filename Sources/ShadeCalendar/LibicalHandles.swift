internal import CLibical
import ShadePlatform

/// Owns a libical component tree (a component with no parent) and frees it, with everything in
/// it, when released. A property, value or parameter is handed to its component or property as
/// soon as it is made, so that this one free reaches it on every path.
final class ComponentHandle {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { icalcomponent_free(pointer) }
}

/// Owns a libical parser and frees it, with any component it still holds half read, when released.
final class ParserHandle {
    let pointer: OpaquePointer

    init() throws(CalendarError) {
        guard let pointer = icalparser_new() else {
            throw CalendarError(line: nil, reason: "libical could not make a parser (out of memory)")
        }
        self.pointer = pointer
    }

    deinit { icalparser_free(pointer) }

    /// Reads one unfolded content line (no line end), as a line of a text would be; returns the
    /// component when the line ends one at the top level.
    func add(line text: String) -> ComponentHandle? {
        var bytes = Array(text.utf8CString)
        let component = bytes.withUnsafeMutableBufferPointer { icalparser_add_line(pointer, $0.baseAddress) }
        return component.map(ComponentHandle.init)
    }
}

/// Copies a string libical made for the caller (the `_r` functions) and frees it.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
}

/// Copies a string libical keeps (it stays libical's).
func copyString(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}
