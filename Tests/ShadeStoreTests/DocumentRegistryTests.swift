import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// The document registry (`StoreFileKind`, `KeyedRecordCodecs`) is what the store, `check`,
/// backups, recovery and these tests know files by: each kind's path names it back, and its
/// schema definition is in `data/store.schema.json`, where the top level accepts it.
@Suite struct DocumentRegistryTests {
    private func schema() throws -> JSONObject {
        let url = SchemaValidation.packageRoot.appendingPathComponent("data/store.schema.json")
        return try #require(try JSONParser.parse(Array(try Data(contentsOf: url))).objectValue)
    }

    @Test func everyKindIsKnownByItsPathAndHasItsSchema() throws {
        let schema = try schema()
        let definitions = try #require(schema["$defs"]?.objectValue)
        let accepted = Set((schema["oneOf"]?.arrayValue ?? []).compactMap { $0.objectValue?["$ref"]?.stringValue })
        for kind in StoreFileKind.examples {
            #expect(StoreFileKind(relativePath: kind.relativePath) == kind, "\(kind.relativePath)")
            #expect(definitions[kind.schemaDefinition] != nil, "\(kind.relativePath)")
            #expect(accepted.contains("#/$defs/" + kind.schemaDefinition), "\(kind.relativePath)")
        }
        for codec in KeyedRecordCodecs.all {
            #expect(definitions[codec.schemaDefinition] != nil, "\(codec.kind)")
            #expect(StoreFileKind(relativePath: codec.file) == .collection(codec.kind))
        }
        // One spelling a kind: other names are no store file.
        for path in [
            "ids/7.json", "weeks/2026/2027-W01.json", "undo/42.json", "ids/weeks/2026-W54.json", "goal.json",
            "ids/goal.json",
        ] {
            #expect(StoreFileKind(relativePath: path) == nil, "\(path)")
        }
    }

    @Test func aKeyedRecordTravelsThroughTheChangeLogByItsCodec() throws {
        let category = Category(
            name: "school", color: .blue,
            stamps: FieldStamps(made: FieldStamp(at: "2026-11-23T09:30:00+01:00", by: "ana")).marking(
                ["color"], FieldStamp(at: "2026-11-24T10:00:00+01:00", by: "ben")))
        var renamed = category
        renamed.color = .red
        let change = Change(
            label: "cat color school red", at: "2026-11-24T10:00:00+01:00", by: "ben",
            records: [.changed(.category(category), to: .category(renamed))])
        let written = try JSONWriter.bytes(UndoJournal.encode(change))
        let read = try UndoJournal.decode(try JSONDocument(parsing: written).value, file: "undo/0000000001.json")
        #expect(read == change)
        #expect(read.records.first?.after?.category?.stamps.stamp(of: "color").by == "ben")
    }
}
