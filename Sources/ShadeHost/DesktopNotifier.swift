/// The command that shows a reminder on the desktop: `SHADE_NOTIFY_CMD` split at blanks (never
/// through a shell), else `notify-send`, named as the sender and told with `--` that a title
/// starting with `-` is no option. The title and the body are its last two arguments.
public struct DesktopNotifier: Sendable {
    /// The command's words, before the title and the body.
    public let command: [String]

    /// The notifier the environment names.
    public init(environment: ShadeEnvironment) {
        let words = (environment["SHADE_NOTIFY_CMD"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
        command = words.isEmpty ? ["notify-send", "--app-name=shade", "--"] : words.map(String.init)
    }

    /// The program it runs (for messages).
    public var program: String { command[0] }

    /// Shows one notification; how the command's run ended.
    public func send(title: String, body: String) -> ProcessLauncher.Outcome {
        ProcessLauncher.run(command + [title, body])
    }
}
