import ShadeCore
import ShadeJSON

/// The store's categories and their colours, in name order.
///
/// ```json
/// {"format": 2, "kind": "categories", "categories": [{"name": "school", "color": "blue"}]}
/// ```
enum CategoriesDocument {
    static func encode(_ categories: [Category]) -> JSONValue {
        let list = categories.sorted { $0.name < $1.name }.map(encode)
        return ["format": .int(Int64(StoreFormat.version)), "kind": "categories", "categories": .array(list)]
    }

    /// One category as the list (and the change log) writes it.
    static func encode(_ category: Category) -> JSONValue {
        ["name": .string(category.name), "color": .optional(category.color?.rawValue)]
    }

    /// One category: a lowercase name and a colour of the palette, or none.
    static func decodeCategory(_ value: JSONValue, file: String, location: String) throws(StoreError) -> Category {
        let entry = try FieldReader(value, file: file, location: location)
        try entry.rejectUnknownKeys(allowed: ["name", "color"])
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
        return Category(name: name, color: color)
    }

    static func decode(_ value: JSONValue, file: String) throws(StoreError) -> [Category] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "categories")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "categories"])
        var result: [Category] = []
        for (index, element) in try reader.array("categories").enumerated() {
            let location = "categories[\(index)]"
            let category = try decodeCategory(element, file: file, location: location)
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
