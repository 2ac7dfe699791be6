internal import CJSONC

/// Writes Swift JSON values as text through json-c.
public enum JSONWriter {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// Two-space indentation, one member a line, `"key": value`; ends with a newline.
        case pretty
        /// One line, no spaces; no trailing newline.
        case compact
    }

    /// The UTF-8 text of `value`, members in the order given.
    public static func bytes(_ value: JSONValue, layout: Layout = .pretty) throws(JSONWriteError) -> [UInt8] {
        let object = try makeObject(value)
        defer { if let object { json_object_put(object) } }
        var flags = JSON_C_TO_STRING_NOSLASHESCAPE
        if layout == .pretty { flags |= JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED }
        var length = 0
        guard let text = json_object_to_json_string_length(object, Int32(flags), &length) else {
            throw .serializationFailed
        }
        // The string belongs to the object: copy it before the object is released.
        var bytes = text.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
            Array(UnsafeBufferPointer(start: pointer, count: length))
        }
        if layout == .pretty { bytes.append(UInt8(ascii: "\n")) }
        return bytes
    }

    /// The text of `value` as a Swift string.
    public static func string(_ value: JSONValue, layout: Layout = .pretty) throws(JSONWriteError) -> String {
        String(decoding: try bytes(value, layout: layout), as: UTF8.self)
    }

    /// Builds a json-c tree; the caller owns the returned reference (nil stands for `null`).
    static func makeObject(_ value: JSONValue) throws(JSONWriteError) -> OpaquePointer? {
        switch value {
        case .null:
            return nil
        case .bool(let flag):
            return try check(json_object_new_boolean(flag ? 1 : 0))
        case .int(let number):
            return try check(json_object_new_int64(number))
        case .double(let number):
            guard number.isFinite else { throw .nonFiniteNumber }
            // Swift's shortest round-trip form, not json-c's %.17g.
            return try check(json_object_new_double_s(number, number.description))
        case .string(let text):
            var text = text
            let object: OpaquePointer? = text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    // An empty buffer may have no base address; json-c needs a pointer all the same.
                    guard let base = chars.baseAddress else { return json_object_new_string("") }
                    return json_object_new_string_len(base, Int32(chars.count))
                }
            }
            return try check(object)
        case .array(let elements):
            let array = try check(json_object_new_array_ext(Int32(elements.count)))
            for element in elements {
                let child: OpaquePointer?
                do { child = try makeObject(element) } catch {
                    json_object_put(array)
                    throw error
                }
                // The array takes over the child's reference.
                if json_object_array_add(array, child) != 0 {
                    json_object_put(child)
                    json_object_put(array)
                    throw .serializationFailed
                }
            }
            return array
        case .object(let members):
            let object = try check(json_object_new_object())
            for (key, member) in members {
                let child: OpaquePointer?
                do { child = try makeObject(member) } catch {
                    json_object_put(object)
                    throw error
                }
                // The object takes over the child's reference; keys are unique by construction.
                let status = key.withCString {
                    json_object_object_add_ex(object, $0, child, UInt32(JSON_C_OBJECT_ADD_KEY_IS_NEW))
                }
                if status != 0 {
                    json_object_put(child)
                    json_object_put(object)
                    throw .serializationFailed
                }
            }
            return object
        }
    }

    private static func check(_ object: OpaquePointer?) throws(JSONWriteError) -> OpaquePointer {
        guard let object else { throw .serializationFailed }
        return object
    }
}
