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
    ///
    /// json-c writes every value; a container of more than `wholeTreeLimit` values is laid out
    /// member by member the way json-c lays it out (its members each written by json-c as a tree
    /// of their own, put at its depth), so that no tree larger than that is ever built: a week of
    /// many tasks is written a task's tree at a time, in a few kilobytes instead of a tree of the
    /// whole week. The text is the same as json-c's for the whole value.
    public static func bytes(_ value: JSONValue, layout: Layout = .pretty) throws(JSONWriteError) -> [UInt8] {
        try bytes(value, layout: layout, wholeTreeLimit: wholeTreeLimit)
    }

    /// `bytes(_:layout:)` with containers of at most `limit` values written as one tree.
    static func bytes(_ value: JSONValue, layout: Layout, wholeTreeLimit limit: Int) throws(JSONWriteError) -> [UInt8] {
        var text: [UInt8] = []
        try append(value, level: 0, layout: layout, limit: limit, to: &text)
        if layout == .pretty { text.append(UInt8(ascii: "\n")) }
        return text
    }

    /// The pretty text of `value`, where each element of an array and each member's value that is
    /// a string named in `verbatim` is written as that entry's text instead: the text an earlier
    /// write gave the value the string stands for, at the same place (its first line where the
    /// value starts, every later line indented for it). A writer puts back what it has not changed
    /// so, without writing it again. Each name starts with a NUL and holds a nonce: no value read
    /// can hold one.
    public static func bytes(_ value: JSONValue, verbatim: [String: ArraySlice<UInt8>]) throws(JSONWriteError)
        -> [UInt8]
    {
        guard !verbatim.isEmpty else { return try bytes(value) }
        var text: [UInt8] = []
        text.reserveCapacity(verbatim.values.reduce(0) { $0 + $1.count })
        try append(value, level: 0, layout: .pretty, limit: wholeTreeLimit, verbatim: verbatim, to: &text)
        text.append(UInt8(ascii: "\n"))
        return text
    }

    /// As `bytes(_:verbatim:)`, telling where in the text each name of `verbatim` written was put
    /// (`placed`, by name: the span of the text put there).
    public static func bytes(
        _ value: JSONValue, verbatim: [String: ArraySlice<UInt8>], placed: inout [String: Range<Int>]
    ) throws(JSONWriteError) -> [UInt8] {
        let places = VerbatimPlaces()
        var text: [UInt8] = []
        text.reserveCapacity(verbatim.values.reduce(0) { $0 + $1.count })
        try append(
            value, level: 0, layout: .pretty, limit: wholeTreeLimit, verbatim: verbatim, places: places, to: &text)
        text.append(UInt8(ascii: "\n"))
        placed = places.spans
        return text
    }

    /// Where the texts put back verbatim went, by name.
    final class VerbatimPlaces {
        var spans: [String: Range<Int>] = [:]
    }

    /// The text `bytes(_:verbatim:)` gives `value` where it stands at nesting `level` of a document
    /// (as a member of an object at `level - 1`): its first line where it starts, every later line
    /// indented for that level. Put back verbatim there, it makes the same document.
    public static func bytes(_ value: JSONValue, atLevel level: Int, verbatim: [String: ArraySlice<UInt8>])
        throws(JSONWriteError) -> [UInt8]
    {
        var text: [UInt8] = []
        try append(value, level: level, layout: .pretty, limit: wholeTreeLimit, verbatim: verbatim, to: &text)
        return text
    }

    /// As `bytes(_:atLevel:verbatim:)`, telling where in the text each name of `verbatim` written
    /// was put (`placed`, by name: the span of the text put there).
    public static func bytes(
        _ value: JSONValue, atLevel level: Int, verbatim: [String: ArraySlice<UInt8>],
        placed: inout [String: Range<Int>]
    ) throws(JSONWriteError) -> [UInt8] {
        let places = VerbatimPlaces()
        var text: [UInt8] = []
        text.reserveCapacity(verbatim.values.reduce(0) { $0 + $1.count })
        try append(
            value, level: level, layout: .pretty, limit: wholeTreeLimit, verbatim: verbatim, places: places, to: &text)
        placed = places.spans
        return text
    }

    /// Containers of at most this many values (themselves included) are written as one json-c tree.
    static let wholeTreeLimit = 64

    /// Appends the text of `value` as json-c writes it at nesting `level` (its first line at
    /// the current position, every later line indented for that level).
    static func append(
        _ value: JSONValue, level: Int, layout: Layout, limit: Int, verbatim: [String: ArraySlice<UInt8>] = [:],
        places: VerbatimPlaces? = nil, to text: inout [UInt8]
    ) throws(JSONWriteError) {
        let pretty = layout == .pretty
        // A container holding a value to put back verbatim is laid out member by member, down to it.
        let whole = value.holds(atMost: limit) && (verbatim.isEmpty || !value.mentions(verbatim))
        switch value {
        case .object(let members) where members.count > 0 && !whole:
            text.append(UInt8(ascii: "{"))
            let list = members.members
            var index = 0
            while index < list.count {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                // Members json-c can write as one tree are written so, a run at a time: the text
                // they have member by member, in one call to json-c rather than two each.
                let run = wholeRun(of: list, from: index, limit: limit, verbatim: verbatim)
                if run > 1 {
                    try appendRun(of: list[index..<(index + run)], level: level, layout: layout, to: &text)
                    index += run
                    continue
                }
                let member = list[index]
                index += 1
                if pretty { newline(level + 1, &text) }
                // json-c writes a key up to its first NUL, as a C string.
                try appendTree(
                    .string(String(decoding: member.key.utf8.prefix { $0 != 0 }, as: UTF8.self)), level: 0,
                    layout: .compact, to: &text)
                text += pretty ? [UInt8(ascii: ":"), UInt8(ascii: " ")] : [UInt8(ascii: ":")]
                if case .string(let name) = member.value, let kept = verbatim[name] {
                    places?.spans[name] = text.count..<(text.count + kept.count)
                    text.append(contentsOf: kept)
                    continue
                }
                try append(
                    member.value, level: level + 1, layout: layout, limit: limit, verbatim: verbatim, places: places,
                    to: &text)
            }
            if pretty { newline(level, &text) }
            text.append(UInt8(ascii: "}"))
        case .array(let elements) where elements.count > 0 && !whole:
            text.append(UInt8(ascii: "["))
            // The text of the last scalar element written: a long list repeats a few values (an id
            // shard names the same week for ids in a row), each written once.
            var last: (value: JSONValue, text: [UInt8])?
            for (index, element) in elements.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                if pretty { newline(level + 1, &text) }
                if case .string(let name) = element, let kept = verbatim[name] {
                    places?.spans[name] = text.count..<(text.count + kept.count)
                    text.append(contentsOf: kept)
                    continue
                }
                if let last, last.value.isWrittenAsTheSameText(as: element) {
                    text.append(contentsOf: last.text)
                    continue
                }
                let start = text.count
                try append(
                    element, level: level + 1, layout: layout, limit: limit, verbatim: verbatim, places: places,
                    to: &text)
                // (Copied: a slice would share the text's storage, and the next append copy all of it.)
                if element.isWrittenAsTheSameText(as: element) { last = (element, Array(text[start...])) }
            }
            if pretty { newline(level, &text) }
            text.append(UInt8(ascii: "]"))
        default:
            try appendTree(value, level: level, layout: layout, to: &text)
        }
    }

    /// How many members from `start` on json-c can write as one tree: none holding a text put
    /// back verbatim, and their values, with the braces of the object they make, at most `limit`.
    private static func wholeRun(
        of members: [(key: String, value: JSONValue)], from start: Int, limit: Int,
        verbatim: [String: ArraySlice<UInt8>]
    ) -> Int {
        var budget = limit - 1
        var end = start
        while end < members.count, let size = members[end].value.size(atMost: budget),
            verbatim.isEmpty || !members[end].value.mentions(verbatim)
        {
            budget -= size
            end += 1
        }
        return end - start
    }

    /// Appends members written by json-c as one object at `level`, without its braces: json-c
    /// writes an object's members, their separators and their indentation as it writes each.
    private static func appendRun(
        of members: ArraySlice<(key: String, value: JSONValue)>, level: Int, layout: Layout, to text: inout [UInt8]
    ) throws(JSONWriteError) {
        let object = try makeObject(members: members)
        defer { json_object_put(object) }
        var run: [UInt8] = []
        try appendWritten(object, level: level, layout: layout, to: &run)
        // After the last member: "}", or (pretty) a line break, the indentation for `level` and "}".
        let closing = layout == .pretty ? 2 + 2 * level : 1
        guard run.count > 1 + closing else { throw .serializationFailed }
        text.append(contentsOf: run[1..<(run.count - closing)])
    }

    /// A line break and json-c's indentation for `level` (two spaces a level).
    private static func newline(_ level: Int, _ text: inout [UInt8]) {
        text.append(UInt8(ascii: "\n"))
        text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// Appends `value` written by json-c as one tree, each line after the first indented for
    /// `level` (JSON text holds no line break inside a string, so every break is json-c's own).
    private static func appendTree(_ value: JSONValue, level: Int, layout: Layout, to text: inout [UInt8])
        throws(JSONWriteError)
    {
        let object = try makeObject(value)
        defer { if let object { json_object_put(object) } }
        try appendWritten(object, level: level, layout: layout, to: &text)
    }

    /// Appends the text json-c writes for a tree it holds (nil is `null`), each line after the
    /// first indented for `level`.
    private static func appendWritten(_ object: OpaquePointer?, level: Int, layout: Layout, to text: inout [UInt8])
        throws(JSONWriteError)
    {
        var flags = JSON_C_TO_STRING_NOSLASHESCAPE
        if layout == .pretty { flags |= JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED }
        var length = 0
        guard let written = json_object_to_json_string_length(object, Int32(flags), &length) else {
            throw .serializationFailed
        }
        // The string belongs to the object: copied before the object is released.
        written.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
            let bytes = UnsafeBufferPointer(start: pointer, count: length)
            guard level > 0, layout == .pretty else {
                text.append(contentsOf: bytes)
                return
            }
            var start = 0
            while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                text.append(contentsOf: bytes[start..<end])
                newline(level, &text)
                start = end + 1
            }
            text.append(contentsOf: bytes[start...])
        }
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
            return try makeObject(members: members.members[...])
        }
    }

    /// Builds a json-c object of these members, in their order; the caller owns the reference.
    private static func makeObject(members: ArraySlice<(key: String, value: JSONValue)>) throws(JSONWriteError)
        -> OpaquePointer
    {
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

    private static func check(_ object: OpaquePointer?) throws(JSONWriteError) -> OpaquePointer {
        guard let object else { throw .serializationFailed }
        return object
    }
}
