import ShadeJSON

/// A value as the text a store file holds, through json-c: the one place a store writer turns a
/// failure to serialise into the store's error, naming the file it was writing.
enum StoreText {
    static func bytes(_ value: JSONValue, layout: JSONWriter.Layout = .pretty, file: String) throws(StoreError)
        -> [UInt8]
    {
        do { return try JSONWriter.bytes(value, layout: layout) } catch {
            throw .invalidContent(file: file, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }

    /// The pretty text of `value` with the texts `verbatim` names put back where their names stand
    /// (`JSONWriter.bytes(_:verbatim:)`).
    static func bytes(_ value: JSONValue, verbatim: [String: ArraySlice<UInt8>], file: String) throws(StoreError)
        -> [UInt8]
    {
        do { return try JSONWriter.bytes(value, verbatim: verbatim) } catch {
            throw .invalidContent(file: file, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }

    /// As `bytes(_:verbatim:file:)`, telling where each text put back went (`placed`, by name).
    static func bytes(
        _ value: JSONValue, verbatim: [String: ArraySlice<UInt8>], placed: inout [String: Range<Int>], file: String
    ) throws(StoreError) -> [UInt8] {
        do { return try JSONWriter.bytes(value, verbatim: verbatim, placed: &placed) } catch {
            throw .invalidContent(file: file, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }
}
