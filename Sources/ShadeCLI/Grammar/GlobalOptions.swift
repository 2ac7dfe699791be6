import ShadeRendering

/// Options every command accepts (`--store`, `--color`): among its words, or before the command
/// (`GlobalOptions.leading`).
struct GlobalOptions: Sendable {
    /// The store's directory (`--store`), when chosen.
    var store: String?
    /// When to colour (`--color`), when chosen.
    var color: ColorMode?

    init(store: String? = nil, color: ColorMode? = nil) {
        self.store = store
        self.color = color
    }

    init(_ arguments: CommandArguments) throws(CommandError) {
        store = arguments.option("store")
        color = try arguments.choice("color", as: ColorMode.self)
    }
}
