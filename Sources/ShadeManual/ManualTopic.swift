/// The manual pages besides shade(1), each under the names `help` takes for it: `help store`
/// shows shade-store(5) and `help sharing` shade-sync(7) (their page names work too), and
/// `help --man TOPIC` prints the page as roff. No topic is named as a command is, so that
/// `help COMMAND` (`help sync` among them) always shows the command.
public enum ManualTopic {
    /// Each page with its names, the first the one help's overview shows.
    public static let all: [(names: [String], page: ManualPage)] = [
        (["store", "shade-store"], StoreManual.page),
        (["sharing", "shade-sync"], SyncManual.page),
    ]

    /// The page a topic's name names, when it names one (any case).
    public static func page(named name: String) -> ManualPage? {
        let name = name.lowercased()
        return all.first { $0.names.contains(name) }?.page
    }
}
