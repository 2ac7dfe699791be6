import Foundation
import ShadeHost
import Testing

@testable import ShadeCLI
@testable import ShadeCore

/// The REPL's view follows the clock until the user moves it.
@Suite struct SessionClockTests {
    @Test func theViewFollowsTheClockUntilTheUserMovesIt() throws {
        let root = NSTemporaryDirectory() + "shade-clock-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ShadeEnvironment(variables: [
            "SHADE_STORE": root + "/store", "SHADE_NOW": "2026-11-23T09:30", "HOME": root,
            "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state",
        ])
        let session = try ShadeMain.makeSession(environment: environment, store: nil, color: .never, interactive: true)
        #expect(session.view.slot == .morning)
        session.followClock(to: try #require(Moment.parsePinned("2026-11-23T13:05", utcOffsetSeconds: 0)))
        #expect(session.view == PlannerView(date: try #require(CivilDate(iso: "2026-11-23")), slot: .afternoon))
        // Past midnight the view is on the next day.
        session.followClock(to: try #require(Moment.parsePinned("2026-11-24T07:00", utcOffsetSeconds: 0)))
        #expect(session.view == PlannerView(date: try #require(CivilDate(iso: "2026-11-24")), slot: .morning))
        // Moved by the user, it stays where it was put.
        session.view.slot = .evening
        session.followClock(to: try #require(Moment.parsePinned("2026-11-24T13:00", utcOffsetSeconds: 0)))
        #expect(session.view.slot == .evening)
    }
}
