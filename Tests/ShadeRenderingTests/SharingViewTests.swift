import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeTestSupport
import Testing

@testable import ShadeStore

private let colour = Style(enabled: true)

private func delta(_ index: Int, _ action: RecordChange.Action, kind: RecordKind = .task) -> StoreFileMerge.RecordDelta
{
    StoreFileMerge.RecordDelta(kind: kind, key: "uid-\(index)", title: "Task number \(index)", action: action)
}

/// Twelve records received (two changes of the same one), two sent.
private let received = (1...11).map { delta($0, $0 % 3 == 0 ? .change : .add) } + [delta(2, .change)]
private let sent = [delta(20, .add), delta(21, .remove, kind: Category.kind)]

private let conflicts = [
    ConflictLog.Entry(
        merged: "2026-11-24T18:02:11",
        conflict: StoreFileMerge.Conflict(
            file: "weeks/2026/2026-W48.json", kind: .task, key: "u14", title: "Call the bank", field: "title",
            kept: "Call the bank about the loan", lost: "Call the bank today",
            keptStamp: FieldStamp(
                at: "2026-11-24T09:00:00", by: "ana"), lostStamp: FieldStamp(at: "2026-11-23T21:15:00", by: ""))),
    ConflictLog.Entry(
        merged: "2026-11-25T08:00:00",
        conflict: StoreFileMerge.Conflict(
            file: "categories.json", kind: Category.kind, key: "work", title: "work", field: "color", kept: .null,
            lost: ["blue", 2], keptStamp: FieldStamp(at: "2026-11-25T07:00:00", by: "ben"),
            lostStamp: FieldStamp(at: "2026-11-24T07:00:00", by: "ana"))),
    ConflictLog.Entry(
        merged: "2026-11-25T08:00:00",
        conflict: StoreFileMerge.Conflict(
            file: "weeks/2026/2026-W48.json", kind: .task, key: "u7", title: "Quarterly report", field: "favorite",
            kept: true, lost: false, keptStamp: FieldStamp(at: "2026-11-25T07:30:00", by: "ben"),
            lostStamp: FieldStamp(at: "2026-11-25T07:10:00", by: "ana"))),
]

private let members = [
    MemberSummary(name: "ana", email: "ana@example.org", changes: 120),
    MemberSummary(name: "ben", email: nil, changes: 1),
    MemberSummary(name: "Zoë.Martin", email: "zoe@example.org", changes: 7),
]

@Suite struct SyncReportViewTests {
    @Test func aSyncCountsEachRecordOnceAndListsTenOfThoseReceived() throws {
        try RecordedText.check(
            SyncReportView.render(
                remote: "ssh://host/srv/planner.git", sent: sent, received: received, conflicts: 2, style: colour),
            "sync-report")
        try RecordedText.check(
            SyncReportView.json(sent: sent, received: received, conflicts: 2), "sync-report-json")
    }

    @Test func aQuietSyncIsOneLine() {
        let text = SyncReportView.render(
            remote: "/srv/p.git", sent: [], received: [delta(1, .add)], conflicts: 0, style: colour)
        #expect(text == "synced with /srv/p.git: sent 0 changes, received 1 change\n  ↓ added task “Task number 1”")
    }

    @Test(arguments: [SyncReportView.Start.created, .joined, .configured])
    func startingToShareSaysWhatWasDone(_ start: SyncReportView.Start) throws {
        let remote = start == .created ? nil : "/srv/planner.git"
        try RecordedText.check(
            SyncReportView.render(
                start, place: "/home/ana/.local/share/shade", remote: remote, sent: sent, received: received),
            "sync-start-\(start.rawValue)")
        try RecordedText.check(
            SyncReportView.json(start, remote: remote, sent: sent, received: received),
            "sync-start-\(start.rawValue)-json")
    }
}

@Suite struct ConflictViewTests {
    @Test func eachConflictNamesTheRecordFieldAndBothValuesWithWhoAndWhen() throws {
        try RecordedText.check(ConflictView.render(conflicts, style: .plain), "conflicts")
        try RecordedText.check(ConflictView.render(conflicts, style: colour), "conflicts-color")
        try RecordedText.check(ConflictView.json(conflicts), "conflicts-json")
    }
}

@Suite struct MemberListTests {
    @Test func membersLineUpByDisplayWidthAndTheCurrentUserIsMarked() throws {
        try RecordedText.check(MemberList.render(members, you: "ben", style: .plain), "members")
        try RecordedText.check(MemberList.render(members, you: "ana", style: colour), "members-color")
        try RecordedText.check(MemberList.json(members), "members-json")
    }
}
