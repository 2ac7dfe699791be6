/// Every change a user can make to categories, as pure functions from the records and the parsed
/// input to the record changes it makes (the tasks a rename or a removal recategorizes among them).
public enum CategoryOperations {
    /// A new category, with a colour or the next free one of the palette.
    public static func create(_ name: String, color: TaskColor?, in records: PlannerRecords) throws -> [RecordChange] {
        let name = try TaskText.validateCategory(name)
        let list = try records.categories()
        guard !list.contains(where: { $0.name == name }) else {
            throw InputError.invalid("the category '\(name)' exists already; cat color \(name) COLOR recolours it")
        }
        return [.added(.category(Category(name: name, color: color ?? Category.nextColor(after: list))))]
    }

    /// The category made on the fly when a task names one that does not exist yet (none when it
    /// exists, or when there is no name).
    public static func ensure(_ name: String?, in records: PlannerRecords) throws -> [RecordChange] {
        guard let name else { return [] }
        let list = try records.categories()
        guard !list.contains(where: { $0.name == name }) else { return [] }
        return [.added(.category(Category(name: name, color: Category.nextColor(after: list))))]
    }

    /// Gives a category another colour.
    public static func recolor(_ name: String, to color: TaskColor, in records: PlannerRecords) throws -> [RecordChange]
    {
        let category = try records.requireCategory(try TaskText.validateCategory(name))
        guard category.color != color else { return [] }
        var recolored = category
        recolored.color = color
        return [.changed(.category(category), to: .category(recolored))]
    }

    /// Renames a category, on every task that has it.
    public static func rename(_ old: String, to new: String, in records: PlannerRecords, context: OperationContext)
        throws -> [RecordChange]
    {
        let old = try TaskText.validateCategory(old)
        let new = try TaskText.validateCategory(new)
        let category = try records.requireCategory(old)
        // Names are kept in lowercase: `Work` is the name `work` already has.
        guard new != old else {
            throw InputError.invalid("the category is called '\(old)' already (names are kept in lowercase)")
        }
        guard try !records.categories().contains(where: { $0.name == new }) else {
            throw InputError.invalid("the category '\(new)' exists already; to merge, use cat rm \(old) --to \(new)")
        }
        let renamed = Category(name: new, color: category.color)
        return [.removed(.category(category)), .added(.category(renamed))]
            + (try recategorize(from: old, to: new, in: records, context: context))
    }

    /// Removes a category: its tasks stay, without a category or moved to `target` (made when it
    /// does not exist).
    public static func remove(
        _ name: String, movingTo target: String?, in records: PlannerRecords, context: OperationContext
    )
        throws -> [RecordChange]
    {
        let name = try TaskText.validateCategory(name)
        let target = try target.map { try TaskText.validateCategory($0) }
        let category = try records.requireCategory(name)
        if let target, target == name { throw InputError.invalid("--to names the category being removed") }
        let list = try records.categories().filter { $0.name != name }
        var made: [RecordChange] = []
        if let target, !list.contains(where: { $0.name == target }) {
            made.append(.added(.category(Category(name: target, color: Category.nextColor(after: list)))))
        }
        return [.removed(.category(category))] + made
            + (try recategorize(from: name, to: target, in: records, context: context))
    }

    private static func recategorize(
        from old: String, to new: String?, in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        try records.tasks(inCategory: old).compactMap { task in
            TaskOperations.change(task, context) { $0.category = new }
        }
    }
}
