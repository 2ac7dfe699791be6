internal import CJSONC
import ShadePlatform

/// Parses JSON text strictly through json-c and hands back Swift values.
public enum JSONParser {
    /// The deepest nesting accepted by default.
    public static let defaultMaximumDepth = 32

    /// Parses one complete JSON document.
    ///
    /// Rejects, with line and column: invalid or overlong UTF-8, a byte order mark, NUL bytes,
    /// syntax errors, trailing text, nesting deeper than `maximumDepth`, `NaN`/`Infinity`,
    /// integers beyond 64 bits and duplicate keys.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONError)
        -> JSONValue
    {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try parse(buffer: buffer, maximumDepth: maximumDepth)
        }
    }

    /// Where each object opening at nesting `depth` of a text this parser has accepted starts and
    /// ends (`{` through `}`), in document order; the top-level value is at depth 1. With `range`
    /// (a value of that text, such as an object span), only it is scanned, its own braces at depth 1.
    public static func objectSpans(in bytes: [UInt8], within range: Range<Int>? = nil, depth: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { StrictnessScan.objectSpans(in: $0, within: range, depth: depth) }
    }

    /// As `objectSpans(in:depth:)` over the whole text, each span with where the object or array
    /// holding it opens.
    public static func objectSpansAndParents(in bytes: [UInt8], depth: Int) -> [(span: Range<Int>, parent: Int)] {
        bytes.withUnsafeBufferPointer { StrictnessScan.objectSpansAndParents(in: $0, depth: depth) }
    }

    /// Whether json-c alone, strict, parses the text as one document: its tree is built and freed,
    /// no Swift value is made and no check of shade's own is run. The floor a parse of shade's
    /// cannot go under; the benchmark measures against it.
    public static func parsesWithJSONCAlone(_ bytes: [UInt8]) -> Bool {
        guard let tokener = json_tokener_new_ex(Int32(defaultMaximumDepth)) else { return false }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
        var terminated = bytes
        terminated.append(0)
        let root: OpaquePointer? = terminated.withUnsafeBytes { raw in
            json_tokener_parse_ex(tokener, raw.bindMemory(to: CChar.self).baseAddress, Int32(raw.count))
        }
        defer { if let root { json_object_put(root) } }
        return json_tokener_get_error(tokener) == json_tokener_success
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(JSONError) -> JSONValue {
        let root = try tree(of: buffer, maximumDepth: maximumDepth)
        defer { if let root { json_object_put(root) } }
        return value(of: root)
    }

    /// Parses a document into a json-c tree, which the caller releases (`json_object_put`),
    /// after every check: encoding, syntax, depth, trailing text, and the strictness scan's
    /// (numbers, literals, duplicate keys).
    static func tree(of buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(JSONError) -> OpaquePointer? {
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            throw TextPosition.error(
                at: 0, in: buffer, "the text starts with a byte order mark; save it as UTF-8 without BOM")
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: buffer) {
            let hex = String(buffer[bad], radix: 16, uppercase: true)
            throw TextPosition.error(at: bad, in: buffer, "invalid UTF-8 (byte 0x\(hex)); the text must be UTF-8")
        }
        if let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) {
            let nul = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            throw TextPosition.error(at: nul, in: buffer, "a NUL byte; JSON text cannot hold one")
        }
        if buffer.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw TextPosition.error(at: buffer.count, in: buffer, "the text is empty; expected a JSON value")
        }
        guard let tokener = json_tokener_new_ex(Int32(maximumDepth)) else {
            throw JSONError(line: 1, column: 1, offset: 0, reason: "out of memory while parsing")
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
        var root: OpaquePointer? = buffer.withMemoryRebound(to: CChar.self) { text in
            json_tokener_parse_ex(tokener, text.baseAddress, Int32(text.count))
        }
        var status = json_tokener_get_error(tokener)
        var end = json_tokener_get_parse_end(tokener)
        if status == json_tokener_continue {
            // The text ended inside a value (a bare number or word ends only at what follows
            // it): json-c is given a NUL, which it reads as the end of the document, rather than
            // a copy of the whole text with one appended.
            let terminator: [CChar] = [0]
            root = terminator.withUnsafeBufferPointer { json_tokener_parse_ex(tokener, $0.baseAddress, 1) }
            status = json_tokener_get_error(tokener)
            end = buffer.count + json_tokener_get_parse_end(tokener)
            if status == json_tokener_success { end = buffer.count }
        }
        var handedOver = false
        defer { if !handedOver, let root { json_object_put(root) } }
        guard status == json_tokener_success else {
            let reason: String
            if status == json_tokener_error_depth {
                reason = "nesting deeper than \(maximumDepth) levels (the limit)"
            } else if status == json_tokener_continue || status == json_tokener_error_parse_eof {
                reason = "unexpected end of text; the document is incomplete (truncated?)"
            } else {
                reason = String(cString: json_tokener_error_desc(status))
            }
            throw TextPosition.error(at: min(end, buffer.count), in: buffer, reason)
        }
        guard end == buffer.count else {
            throw TextPosition.error(at: end, in: buffer, "unexpected text after the end of the document")
        }
        let scan = try StrictnessScan(buffer)
        if scan.hasEscapedKey {
            // A key written with an escape may repeat one written without: json-c's counts tell.
            var check = DuplicateKeyCheck(scan: scan, buffer: buffer)
            try check.visit(root)
        }
        handedOver = true
        return root
    }

    /// Compares each object's member count, in document order, with the count the text gives it:
    /// json-c keeps only the last of duplicate keys, so a smaller count is a duplicate.
    private struct DuplicateKeyCheck {
        let scan: StrictnessScan
        let buffer: UnsafeBufferPointer<UInt8>
        var nextObject = 0

        mutating func visit(_ object: OpaquePointer?) throws(JSONError) {
            guard let object else { return }
            switch json_object_get_type(object) {
            case json_type_array:
                for index in 0..<json_object_array_length(object) {
                    try visit(json_object_array_get_idx(object, index))
                }
            case json_type_object:
                let index = nextObject
                nextObject += 1
                let length = Int(json_object_object_length(object))
                if index < scan.objects.count, scan.objects[index].memberCount != length {
                    throw StrictnessScan.duplicateKeyError(in: buffer, objectOffset: scan.objects[index].offset)
                }
                var iterator = json_object_iter_begin(object)
                var end = json_object_iter_end(object)
                while json_object_iter_equal(&iterator, &end) == 0 {
                    try visit(json_object_iter_peek_value(&iterator))
                    json_object_iter_next(&iterator)
                }
            default:
                return
            }
        }
    }

    /// A json-c string as a Swift string.
    static func string(of object: OpaquePointer) -> String {
        let length = Int(json_object_get_string_len(object))
        guard let chars = json_object_get_string(object) else { return "" }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
            String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
    }

    /// Copies a json-c tree (checked by `tree(of:maximumDepth:)`) into Swift values.
    static func value(of object: OpaquePointer?) -> JSONValue {
        guard let object else { return .null }
        switch json_object_get_type(object) {
        case json_type_null:
            return .null
        case json_type_boolean:
            return .bool(json_object_get_boolean(object) != 0)
        case json_type_int:
            return .int(json_object_get_int64(object))
        case json_type_double:
            return .double(json_object_get_double(object))
        case json_type_string:
            return .string(string(of: object))
        case json_type_array:
            let count = json_object_array_length(object)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count { elements.append(value(of: json_object_array_get_idx(object, index))) }
            return .array(elements)
        case json_type_object:
            var result = JSONObject(reservingCapacity: Int(json_object_object_length(object)))
            var iterator = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&iterator, &end) == 0 {
                let name = String(cString: json_object_iter_peek_name(&iterator))
                result.appendUnique(name, value(of: json_object_iter_peek_value(&iterator)))
                json_object_iter_next(&iterator)
            }
            return .object(result)
        default:
            return .null
        }
    }
}
