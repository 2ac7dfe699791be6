import ShadeStore

/// Writing systemd user unit files (`ReminderUnits`, `SyncUnits`).
public enum UserUnitFiles {
    /// Writes `files` into `directory` (made private when missing), each replaced whole.
    public static func write(_ files: [(name: String, text: String)], to directory: String) throws(HostError) {
        do {
            try TextFile.makePrivateDirectory(directory)
            for (name, text) in files { try TextFile.writeAtomically(directory + "/" + name, text, mode: 0o644) }
        } catch { throw .unitsNotWritten(error.message) }
    }

    /// The `ExecStart=` word of `executable` and the `Environment=` assignment of `SHADE_STORE`
    /// for `store`, as systemd reads them back; nil when a unit file cannot carry them.
    static func execution(_ executable: String, store: String) -> (program: String, store: String)? {
        guard let program = ReminderUnits.quotedWord(executable),
            let storeValue = ReminderUnits.quotedAssignment("SHADE_STORE=" + store)
        else { return nil }
        return (program, storeValue)
    }
}
