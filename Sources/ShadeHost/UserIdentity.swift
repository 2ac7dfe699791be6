import ShadeCore
import ShadePlatform
import Synchronization

/// Who the user of this copy of the planner is (SPEC §11): the name every change is stamped
/// with (`created_by`, `modified_by`, the change log), what `mine` means, and an email address.
///
/// The name is `config user.name`, else git's `user.name`, else the login name; the address
/// is `config user.email`, else git's `user.email`, else none. Git is asked (`git config --get`,
/// as a child process, never through a shell) only when a name or an address is first wanted —
/// a change, `mine`, `members`, `config` — so that a command that needs neither starts no
/// process; a missing git is as good as a git without the setting.
public final class UserIdentity: Sendable {
    /// Where a setting's value comes from.
    public enum Source: String, Sendable {
        /// `config user.name` / `config user.email`.
        case config
        /// git's own setting.
        case git
        /// The login name.
        case login
        /// Nowhere: there is no value.
        case none
    }

    /// A setting's value (nil when there is none), and where it comes from.
    public struct Setting: Equatable, Sendable {
        /// The value, nil when there is none.
        public let value: String?
        /// Where the value comes from.
        public let source: Source

        /// A value and where it comes from.
        public init(value: String?, source: Source) {
            self.value = value
            self.source = source
        }
    }

    private let configured: Mutex<(name: String?, email: String?)>
    /// The settings as found out, until the configured ones change.
    private let resolved = Mutex<(name: Setting?, email: Setting?)>((nil, nil))
    private let found = Mutex<[String: String?]>([:])
    private let gitValue: @Sendable (String) -> String?
    private let loginName: @Sendable () -> String

    /// An identity from the configured settings, a way to read git's (`user.name` → its value),
    /// and the login name.
    public init(
        name: String?, email: String?, git: @escaping @Sendable (String) -> String?,
        loginName: @escaping @Sendable () -> String
    ) {
        configured = Mutex((name, email))
        gitValue = git
        self.loginName = loginName
    }

    /// An identity that is `name`, whatever git says (for embedding and tests).
    public convenience init(fixed name: String) {
        self.init(name: name, email: nil, git: { _ in nil }, loginName: { name })
    }

    /// The name changes are stamped with.
    public var name: String { nameSetting.value ?? "" }

    /// The email address, when one is known.
    public var email: String? { emailSetting.value }

    /// The name and where it comes from (found out once: every change asks for it).
    public var nameSetting: Setting {
        if let known = resolved.withLock({ $0.name }) { return known }
        let setting: Setting
        if let name = configured.withLock({ $0.name }) {
            setting = Setting(value: name, source: .config)
        } else if let name = git("user.name").flatMap(UserIdentity.participantName(fromGit:)) {
            setting = Setting(value: name, source: .git)
        } else {
            setting = Setting(value: loginName(), source: .login)
        }
        resolved.withLock { $0.name = setting }
        return setting
    }

    /// The email address and where it comes from.
    public var emailSetting: Setting {
        if let known = resolved.withLock({ $0.email }) { return known }
        let setting: Setting
        if let email = configured.withLock({ $0.email }) {
            setting = Setting(value: email, source: .config)
        } else if let email = git("user.email"), (try? MemberOperations.validateEmail(email)) != nil {
            setting = Setting(value: email, source: .git)
        } else {
            setting = Setting(value: nil, source: .none)
        }
        resolved.withLock { $0.email = setting }
        return setting
    }

    /// Takes a newly configured name (or none, back to the default) from now on.
    public func configure(name: String?) {
        configured.withLock { $0.name = name }
        resolved.withLock { $0.name = nil }
    }

    /// Takes a newly configured address (or none) from now on.
    public func configure(email: String?) {
        configured.withLock { $0.email = email }
        resolved.withLock { $0.email = nil }
    }

    /// Takes git's values of settings (`user.name` → its value, nil when unset) as read by
    /// another git command, as if git had been asked for them; a setting asked for already keeps
    /// its answer.
    public func learn(gitSettings: [String: String?]) {
        found.withLock { found in
            for (key, value) in gitSettings where found[key] == nil {
                // One line, as `git config --get` prints it; an empty value is none.
                let line = value.flatMap { $0.split(separator: "\n").first.map(String.init) }
                found[key] = .some(line?.isEmpty == false ? line : nil)
            }
        }
    }

    /// git's value of a setting, asked for once.
    private func git(_ key: String) -> String? {
        if let known = found.withLock({ $0[key] }) { return known }
        let value = gitValue(key)
        found.withLock { $0[key] = value }
        return value
    }

    /// git's name as a participant's name: a name of several words is joined by dots
    /// (`Ana Lopez` → `Ana.Lopez`), since a participant's name is one word; nil for a name that
    /// still is not one (then the login name stands in).
    public static func participantName(fromGit text: String) -> String? {
        // (ASCII blanks are told without looking up a Unicode property.)
        let words = text.split(whereSeparator: { character in
            guard let byte = character.asciiValue else { return character.isWhitespace }
            return byte == 0x20 || (0x09...0x0D).contains(byte)
        })
        guard !words.isEmpty else { return nil }
        // Strings, not substrings, joined: the substrings' `joined` (or a string's append of one)
        // takes a generic path that, at its first use in a process, has the runtime scan every
        // conformance of the program (0.26M instructions of each change, callgrind).
        let name = words.map(String.init).joined(separator: ".")
        return (try? TaskText.validateParticipant(name)) == name ? name : nil
    }

    /// A way to read git's settings as the planner's repository sees them: `git -C STORE config
    /// --get KEY` (from `/` while the store does not exist yet, so that only the user's and the
    /// system's settings count, wherever shade was started), in shade's environment; a value is
    /// kept between runs while git's configuration files are unchanged (`GitSettingsCache`).
    public static func gitSettings(storeDirectory: String, environment: ShadeEnvironment)
        -> @Sendable (String) -> String?
    {
        { key in
            var info = stat()
            let directory = stat(storeDirectory, &info) == 0 ? ShadeEnvironment.absolute(storeDirectory) : "/"
            let cache = GitSettingsCache(
                path: environment.stateDirectory + "/git-settings", directory: directory,
                environment: environment.variables)
            return cache.value(key) { key in
                let printed = ProcessLauncher.collect(
                    ["git", "-C", directory, "config", "--get", key], environment: environment.variables)
                // git says a setting is unset by exiting with 1; any other failure is not kept.
                guard printed.outcome.succeeded else { return (nil, printed.outcome == .exited(1)) }
                // One line, as git prints it; what it holds is the setting.
                let value =
                    String(decoding: printed.output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
                return (value.isEmpty ? nil : value, true)
            }
        }
    }
}
