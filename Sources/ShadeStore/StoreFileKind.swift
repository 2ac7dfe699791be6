import ShadeCore
import ShadeJSON

/// What a store file holds, told by its path relative to the store, with the decoder for it.
enum StoreFileKind: Equatable {
    case meta
    case categories
    case week(ISOWeek)
    case idShard(Int)
    case undo
    case summary(Int)

    /// The kind of `weeks/2026/2026-W48.json`, `ids/0000.json`, …; nil for a path that is not a
    /// store file.
    init?(relativePath path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard path.hasSuffix(".json") else { return nil }
        switch (parts.count, parts.first) {
        case (1, "shade.json"): self = .meta
        case (1, "categories.json"): self = .categories
        case (3, "weeks"):
            guard let week = ISOWeek(parsing: parts[2].dropLast(5)), parts[1] == String(parts[2].prefix(4)) else {
                return nil
            }
            self = .week(week)
        case (2, "ids"):
            guard let shard = Int(parts[1].dropLast(5)), shard >= 0 else { return nil }
            self = .idShard(shard)
        case (2, "undo"):
            guard Int(parts[1].dropLast(5)) != nil else { return nil }
            self = .undo
        case (2, "summary"):
            guard let year = Int(parts[1].dropLast(5)) else { return nil }
            self = .summary(year)
        default: return nil
        }
    }

    /// What a file decoded to.
    enum Content: Equatable {
        case meta
        case categories([Category])
        case week([PlannerTask])
        case idShard([ISOWeek?])
        case undo(Change)
        case summary([ISOWeek: SummaryDocument.Entry])
    }

    /// The document that writes `content` back as this kind of file.
    func encode(_ content: Content) -> JSONValue {
        switch (self, content) {
        case (_, .meta): return MetaDocument.encode()
        case (_, .categories(let list)): return CategoriesDocument.encode(list)
        case (.week(let week), .week(let tasks)): return WeekDocument.encode(week: week, tasks: tasks)
        case (.idShard(let shard), .idShard(let weeks)): return IDShardDocument.encode(shard: shard, weeks: weeks)
        case (_, .undo(let entry)): return UndoJournal.encode(entry)
        case (.summary(let year), .summary(let entries)): return SummaryDocument.encode(year: year, entries: entries)
        default: preconditionFailure("content of another kind of file")
        }
    }

    /// Parses and decodes a file's bytes as this kind; a problem is placed by line and column.
    func decode(_ bytes: [UInt8], file: String) throws(StoreError) -> Content {
        try StoreError.placing(in: bytes) { () throws(StoreError) -> Content in
            let value: JSONValue
            do throws(JSONError) { value = try JSONParser.parse(bytes) } catch {
                throw .unreadable(file: file, error: error)
            }
            switch self {
            case .meta:
                _ = try MetaDocument.decode(value, file: file)
                return .meta
            case .categories: return .categories(try CategoriesDocument.decode(value, file: file))
            case .week(let week): return .week(try WeekDocument.decode(value, file: file, expected: week))
            case .idShard(let shard): return .idShard(try IDShardDocument.decode(value, file: file, shard: shard))
            case .undo: return .undo(try UndoJournal.decode(value, file: file))
            case .summary(let year): return .summary(try SummaryDocument.decode(value, file: file, year: year))
            }
        }
    }
}
