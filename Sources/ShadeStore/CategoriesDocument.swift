import ShadeCore
import ShadeJSON

/// The store's categories and their colours, in name order.
///
/// ```json
/// {"format": 3, "kind": "categories",
///  "categories": [{"name": "school", "color": "blue", "stamps": {"made": {…}, "changed": {}}}]}
/// ```
/// Categories of format 2 had no stamps: they read as older than any change.
enum CategoriesDocument {
    static func encode(_ categories: [Category]) -> JSONValue {
        let list = categories.sorted { $0.name < $1.name }.map(encode)
        return ["format": .int(Int64(StoreFormat.version)), "kind": "categories", "categories": .array(list)]
    }

    /// One category as the list (and the change log) writes it.
    static func encode(_ category: Category) -> JSONValue {
        [
            "name": .string(category.name), "color": .optional(category.color?.rawValue),
            StampsCodec.key: StampsCodec.encode(category.stamps),
        ]
    }

    /// One category: a lowercase name and a colour of the palette, or none.
    /// `withStamps`: true where the format requires them, false where it has none, nil where
    /// either (the change log, which keeps entries of every format).
    static func decodeCategory(_ value: JSONValue, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> Category
    {
        let entry = try FieldReader(value, file: file, location: location)
        let stamped = withStamps ?? (entry.object[StampsCodec.key] != nil)
        try entry.rejectUnknownKeys(allowed: stamped ? ["name", "color", StampsCodec.key] : ["name", "color"])
        let name = try entry.string("name")
        guard (try? TaskText.validateCategory(name)) == name else {
            throw entry.fail("name", "'\(name)' is not a lowercase category name")
        }
        var color: TaskColor?
        if let text = try entry.optionalString("color") {
            guard let parsed = TaskColor(rawValue: text) else {
                throw entry.fail("color", "'\(text)' is not in the palette")
            }
            color = parsed
        }
        let stamps =
            stamped
            ? try StampsCodec.decode(entry, fields: PlannerRecord.category(Category(name: name)).stampedFields)
            : FieldStamps(made: FieldStamp(at: "", by: ""))
        return Category(name: name, color: color, stamps: stamps)
    }

    static func decode(_ value: JSONValue, file: String) throws(StoreError) -> [Category] {
        let reader = try FieldReader(value, file: file, location: "")
        let format = try reader.checkHeader(kind: "categories")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "categories"])
        var result: [Category] = []
        for (index, element) in try reader.array("categories").enumerated() {
            let location = "categories[\(index)]"
            let category = try decodeCategory(element, file: file, location: location, withStamps: format >= 3)
            guard !result.contains(where: { $0.name == category.name }) else {
                throw StoreError.invalidContent(
                    file: file, location: location + ".name", reason: "'\(category.name)' appears twice")
            }
            result.append(category)
        }
        // The list is kept in name order, whatever order a hand edit left it in.
        return result.sorted { $0.name < $1.name }
    }
}
