import ShadeHost
import ShadeRendering

/// What `remind install` and `sync install` do with their systemd user units: print them
/// (`--print`), or write them to the user's unit folder and enable the timer when a user systemd
/// runs (else say how to enable it later).
enum UnitInstall {
    static func run(
        _ files: [(name: String, text: String)], timer: String, doing: String, printOnly: Bool,
        in session: Session
    ) throws {
        let directory = ReminderUnits.directory(session.environment)
        if printOnly {
            session.print(ReminderInstallReport.unitFiles(files, in: directory))
            return
        }
        try UserUnitFiles.write(files, to: directory)
        session.print(ReminderInstallReport.written(files.map(\.name), in: directory))
        guard UserSystemd.isRunning(session.environment) else {
            session.print(ReminderInstallReport.notEnabled(timer: timer))
            return
        }
        try UserSystemd.enable(timer: timer)
        session.print(ReminderInstallReport.enabled(timer: timer, doing: doing))
    }
}
