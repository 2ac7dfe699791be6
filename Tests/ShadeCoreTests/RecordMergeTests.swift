import PropertyBased
import Testing

@testable import ShadeCore

/// The merge rule of two copies (SPEC §11), on records of plain text fields.
@Suite struct RecordMergeTests {
    typealias Version = RecordMerge.Version<String>
    typealias Side = RecordMerge.Side<String>

    let shape = RecordMerge.Shape(stamped: ["title", "status", "notes"], companions: ["done_at": "status"])

    func stamp(_ minute: Int, _ by: String) -> FieldStamp {
        FieldStamp(at: "2026-11-23T10:\(minute < 10 ? "0" : "")\(minute):00+00:00", by: by)
    }

    /// A record made at minute 0 by ana, with fields changed at the stamps given.
    func record(_ fields: [String: String], changed: [String: FieldStamp] = [:]) -> Version {
        Version(fields: fields, stamps: FieldStamps(made: stamp(0, "ana"), changed: changed))
    }

    func merge(_ base: Side, _ ours: Side, _ theirs: Side) -> RecordMerge.Outcome<String> {
        RecordMerge.merge(
            key: "u1", base: base, ours: ours, theirs: theirs, shape: shape, order: (<),
            removedValue: { $0 ? "gone" : "kept" })
    }

    let base = ["title": "Gym", "status": "open", "notes": "", "modified": "m0"]

    @Test func aFieldChangedOnOneSideKeepsThatChange() {
        let was = record(base)
        var mine = base
        mine["title"] = "Gym at 7"
        var other = base
        other["status"] = "done"
        other["done_at"] = "t5"
        let outcome = merge(
            Side(record: was), Side(record: record(mine, changed: ["title": stamp(3, "ana")])),
            Side(record: record(other, changed: ["status": stamp(5, "ben")])))
        #expect(outcome.record?.fields["title"] == "Gym at 7")
        #expect(outcome.record?.fields["status"] == "done")
        #expect(outcome.record?.fields["done_at"] == "t5")
        #expect(outcome.record?.stamps.stamp(of: "title") == stamp(3, "ana"))
        #expect(outcome.record?.stamps.stamp(of: "status") == stamp(5, "ben"))
        #expect(outcome.conflicts.isEmpty)
    }

    @Test func aFieldChangedOnBothSidesTakesTheLaterAndLogsTheOther() {
        var mine = base
        mine["title"] = "Gym at 7"
        var other = base
        other["title"] = "Gym at 8"
        let ours = Side(record: record(mine, changed: ["title": stamp(9, "ana")]))
        let theirs = Side(record: record(other, changed: ["title": stamp(4, "ben")]))
        for (left, right) in [(ours, theirs), (theirs, ours)] {
            let outcome = merge(Side(record: record(base)), left, right)
            #expect(outcome.record?.fields["title"] == "Gym at 7")
            #expect(
                outcome.conflicts == [
                    RecordMerge.Conflict(
                        key: "u1", field: "title", kept: "Gym at 7", lost: "Gym at 8", keptStamp: stamp(9, "ana"),
                        lostStamp: stamp(4, "ben"))
                ])
        }
    }

    @Test func atOneInstantTheOrderOfAuthorsThenOfValuesDecidesTheSameOnEveryCopy() {
        var mine = base
        mine["title"] = "by ana"
        var other = base
        other["title"] = "by ben"
        let ours = Side(record: record(mine, changed: ["title": stamp(5, "ana")]))
        let theirs = Side(record: record(other, changed: ["title": stamp(5, "ben")]))
        #expect(merge(Side(record: record(base)), ours, theirs).record?.fields["title"] == "by ben")
        #expect(merge(Side(record: record(base)), theirs, ours).record?.fields["title"] == "by ben")
        // Same author, same second, two devices: the values' order.
        let one = Side(record: record(["title": "b"], changed: ["title": stamp(5, "ana")]))
        let two = Side(record: record(["title": "a"], changed: ["title": stamp(5, "ana")]))
        #expect(merge(Side(record: nil), one, two).record?.fields["title"] == "b")
        #expect(merge(Side(record: nil), two, one).record?.fields["title"] == "b")
    }

    @Test func aRemovalAfterTheLastChangeWinsAndOneBeforeItLoses() {
        let was = record(base)
        var starred = base
        starred["notes"] = "bring a towel"
        let changed = Side(record: record(starred, changed: ["notes": stamp(6, "ben")]))
        let removedLater = merge(Side(record: was), Side(record: nil, removed: stamp(8, "ana")), changed)
        #expect(removedLater.record == nil && removedLater.removed == stamp(8, "ana"))
        #expect(removedLater.conflicts.map(\.field) == [RecordMerge.removedField])
        #expect(removedLater.conflicts.first?.kept == "gone")
        let removedEarlier = merge(Side(record: was), changed, Side(record: nil, removed: stamp(2, "ana")))
        #expect(removedEarlier.record?.fields["notes"] == "bring a towel" && removedEarlier.removed == nil)
        #expect(removedEarlier.conflicts.first?.kept == "kept")
        // A removal the other side did not answer with a change: gone, nothing to log.
        let plain = merge(Side(record: was), Side(record: was), Side(record: nil, removed: stamp(2, "ana")))
        #expect(plain.record == nil && plain.conflicts.isEmpty)
    }

    /// A tombstone one side compacted while the other kept it as the base had it is gone, in
    /// either order; one the other side changed (removed again later) stays.
    @Test func aCompactedTombstoneIsGoneAndAChangedOneStays() {
        let tombstone = Side(record: nil, removed: stamp(2, "ana"))
        let compacted = Side(record: nil)
        for (ours, theirs) in [(compacted, tombstone), (tombstone, compacted)] {
            let outcome = merge(tombstone, ours, theirs)
            #expect(outcome.record == nil && outcome.removed == nil && outcome.conflicts.isEmpty)
        }
        let removedAgain = Side(record: nil, removed: stamp(7, "ben"))
        #expect(merge(tombstone, compacted, removedAgain).removed == stamp(7, "ben"))
        // Without a tombstone in the base, a side that has none is no compaction.
        #expect(merge(Side(record: nil), compacted, tombstone).removed == stamp(2, "ana"))
    }

    @Test func aRecordPutBackAfterItsRemovalIsBack() {
        let was = record(base)
        let tombstone = stamp(7, "ana")
        let outcome = merge(
            Side(record: nil, removed: tombstone), Side(record: was), Side(record: nil, removed: tombstone))
        #expect(outcome.record == was && outcome.removed == nil)
    }

    @Test func aRecordThatLeftOneSideWithoutARemovalStaysGoneUnlessTheOtherChangedIt() {
        let was = record(base)
        let left = merge(Side(record: was), Side(record: nil), Side(record: was))
        #expect(left.record == nil && left.removed == nil)
        var renamed = base
        renamed["title"] = "Gym (new place)"
        let changed = record(renamed, changed: ["title": stamp(3, "ben")])
        #expect(merge(Side(record: was), Side(record: nil), Side(record: changed)).record == changed)
        #expect(merge(Side(record: nil), Side(record: nil), Side(record: changed)).record == changed)
    }

    /// Merging is the same whichever copy merges: swapping the sides gives the same record, and
    /// merging a result with either side again changes nothing.
    @Test func theMergeIsTheSameFromEitherSideAndSettles() async {
        let titles = ["a", "b", "c"]
        let gen = Gen.int(in: 0...2).array(of: 8)
        await propertyCheck(count: 200, input: gen) { picks in
            func side(_ offset: Int) -> Version {
                var fields = base
                fields["title"] = titles[picks[offset]]
                fields["status"] = ["open", "done", "cancelled"][picks[offset + 1]]
                return record(
                    fields,
                    changed: ["title": stamp(picks[offset + 2], ["ana", "ben", "cy"][picks[offset + 3] % 3])])
            }
            let ours = side(0)
            let theirs = side(4)
            let was = Side(record: record(base))
            let one = merge(was, Side(record: ours), Side(record: theirs))
            let two = merge(was, Side(record: theirs), Side(record: ours))
            #expect(one.record == two.record)
            if let merged = one.record {
                #expect(merge(Side(record: ours), Side(record: merged), Side(record: ours)).record == merged)
            }
        }
    }

    /// Tags as comma-separated text: a set field's elements.
    static let tagElements = RecordMerge.Elements<String>(
        of: { $0.isEmpty ? [] : $0.split(separator: ",").map(String.init) }, value: { $0.joined(separator: ",") })

    func mergeTags(_ base: String?, _ mine: (String, FieldStamp), _ other: (String, FieldStamp))
        -> RecordMerge
        .Outcome<String>
    {
        let shape = RecordMerge.Shape(stamped: ["title", "tags"], sets: ["tags"])
        func side(_ tags: String, _ at: FieldStamp?) -> Side {
            var fields = ["title": "Gym", "modified": "m0"]
            fields["tags"] = tags
            return Side(record: record(fields, changed: at.map { ["tags": $0] } ?? [:]))
        }
        return RecordMerge.merge(
            key: "u1", base: base.map { side($0, nil) } ?? Side(record: nil), ours: side(mine.0, mine.1),
            theirs: side(other.0, other.1), shape: shape, order: (<), removedValue: { $0 ? "gone" : "kept" },
            elements: Self.tagElements)
    }

    /// `+a` on one copy and `+b` on the other give both (SPEC §15), whichever side merges, at
    /// the later stamp, with no conflict; a removal on one side removes only that element.
    @Test func aSetChangedOnBothSidesKeepsBothChanges() {
        let (ana, ben) = ((("x,a"), stamp(3, "ana")), (("x,b"), stamp(5, "ben")))
        for (left, right) in [(ana, ben), (ben, ana)] {
            let outcome = mergeTags("x", left, right)
            // In the order of the side changed later, the other side's additions after.
            #expect(outcome.record?.fields["tags"] == "x,b,a")
            #expect(outcome.record?.stamps.stamp(of: "tags") == stamp(5, "ben"))
            #expect(outcome.conflicts.isEmpty)
        }
        // One side removes x and adds nothing; the other adds z: y and z stay, x is gone.
        #expect(mergeTags("x,y", ("y", stamp(3, "ana")), ("x,y,z", stamp(4, "ben"))).record?.fields["tags"] == "y,z")
        // No base (each side made the record): what either holds.
        #expect(mergeTags(nil, ("a", stamp(3, "ana")), ("b", stamp(4, "ben"))).record?.fields["tags"] == "b,a")
    }

    /// Any two sides' changes to a set: the same from either side, every element added on a side
    /// in, every element removed on a side out, an element both kept in.
    @Test func aSetMergesTheSameFromEitherSide() async {
        let gen = Gen.int(in: 0...7).array(of: 3)
        await propertyCheck(count: 300, input: gen) { masks in
            let names = ["a", "b", "c"]
            func tags(_ mask: Int) -> Set<String> {
                Set(names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] })
            }
            func text(_ set: Set<String>) -> String { set.sorted().joined(separator: ",") }
            let (was, mine, other) = (tags(masks[0]), tags(masks[1]), tags(masks[2]))
            let one = mergeTags(text(was), (text(mine), stamp(3, "ana")), (text(other), stamp(4, "ben")))
            let two = mergeTags(text(was), (text(other), stamp(4, "ben")), (text(mine), stamp(3, "ana")))
            #expect(one.record == two.record)
            let merged = Set(Self.tagElements.of(one.record?.fields["tags"] ?? "") ?? [])
            for name in names {
                let expected: Bool
                if mine == was {
                    expected = other.contains(name)
                } else if other == was {
                    expected = mine.contains(name)
                } else {
                    expected =
                        (mine.contains(name) && other.contains(name)) || (mine.contains(name) && !was.contains(name))
                        || (other.contains(name) && !was.contains(name))
                }
                #expect(merged.contains(name) == expected, "\(was) \(mine) \(other)")
            }
        }
    }
}
