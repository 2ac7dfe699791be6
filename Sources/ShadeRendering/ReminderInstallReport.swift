import ShadeCore

/// The view of `remind install` and `sync install`: the unit files as `--print` shows them, and
/// what was written and enabled.
public enum ReminderInstallReport {
    /// Each file headed by a comment line with its path, the files apart by an empty line
    /// (`--print`).
    public static func unitFiles(_ files: [(name: String, text: String)], in directory: String) -> SafeText {
        SafeText(
            escaping: files.map { "# \(directory)/\($0.name)\n\($0.text)" }.joined(separator: "\n"),
            keepingLineBreaks: true)
    }

    /// `wrote DIR/NAME`, a line for each file written.
    public static func written(_ names: [String], in directory: String) -> SafeText {
        names.map { name -> SafeText in "wrote \(directory)/\(name)\n" }.joined()
    }

    /// What to run in a session that has a user systemd, when this one has none.
    public static func notEnabled(timer: String) -> SafeText {
        "no user systemd is running here, so the timer is not enabled yet; in a session that has one:\n  systemctl --user daemon-reload && systemctl --user enable --now \(timer)"
    }

    /// The timer enabled, and what it now does.
    public static func enabled(timer: String, doing: String) -> SafeText {
        "enabled \(timer): \(doing)"
    }
}
