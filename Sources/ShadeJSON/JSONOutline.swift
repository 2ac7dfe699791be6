/// The values of a JSON text down to a depth, by their spans in the text, as the pass that checks
/// the text (`JSONSyntax.outline`) found them: what a reader needs to find the part of a large
/// text it has json-c parse, and to check the shape of the rest, with no second look at the text.
public struct JSONOutline {
    /// One value: its span (`{` through `}` for an object), the span of its key's text (quotes
    /// left out) when it is a member's value, and its depth (the text's value is at depth 1).
    public struct Value {
        public let span: Range<Int>
        public let key: Range<Int>?
        public let depth: Int
        fileprivate var firstChild = -1
        fileprivate var nextSibling = -1
    }

    /// The values, in the order they open in the text: the text's value first.
    public private(set) var values: [Value] = []
    private var lastChild: [Int] = []

    /// The values inside the one at `index` (its members' values, or its elements), in order.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = values[index].firstChild
        while child >= 0 {
            result.append(child)
            child = values[child].nextSibling
        }
        return result
    }

    /// The value of the one member of the object at `index` keyed `name` in `bytes` (the text the
    /// outline was drawn of); nil when no member or more than one is.
    public func member(named name: String, of index: Int, in bytes: [UInt8]) -> Int? {
        let key = Array(name.utf8)
        var found: Int?
        var child = values[index].firstChild
        while child >= 0 {
            if let span = values[child].key, bytes[span].elementsEqual(key) {
                guard found == nil else { return nil }
                found = child
            }
            child = values[child].nextSibling
        }
        return found
    }

    /// The text `bytes` (that the outline was drawn of) with the value at `index` written as
    /// `text` instead.
    public func replacing(_ index: Int, in bytes: [UInt8], with text: String) -> [UInt8] {
        let span = values[index].span
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - span.count + text.utf8.count)
        result += bytes[..<span.lowerBound]
        result += text.utf8
        result += bytes[span.upperBound...]
        return result
    }

    /// The first value inside the one at `index`, if any.
    public func firstChild(of index: Int) -> Int? {
        let child = values[index].firstChild
        return child >= 0 ? child : nil
    }

    /// The value after the one at `index` in the value holding both, if any.
    public func nextSibling(of index: Int) -> Int? {
        let sibling = values[index].nextSibling
        return sibling >= 0 ? sibling : nil
    }

    mutating func add(start: Int, key: Range<Int>?, parent: Int, depth: Int) -> Int {
        let index = values.count
        values.append(Value(span: start..<start, key: key, depth: depth))
        lastChild.append(-1)
        if parent >= 0 {
            if lastChild[parent] >= 0 {
                values[lastChild[parent]].nextSibling = index
            } else {
                values[parent].firstChild = index
            }
            lastChild[parent] = index
        }
        return index
    }

    mutating func end(_ index: Int, at end: Int) {
        values[index] = Value(
            span: values[index].span.lowerBound..<end, key: values[index].key, depth: values[index].depth,
            firstChild: values[index].firstChild, nextSibling: values[index].nextSibling)
    }
}
