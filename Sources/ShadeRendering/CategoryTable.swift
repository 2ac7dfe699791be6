import ShadeCore
import ShadeJSON

/// The view of `cat ls`: each category with its colour, and its tasks' rate and counts over the
/// whole history.
public enum CategoryTable {
    /// What `cat` says when there is no category.
    public static let empty: SafeText = "no categories yet; add one with cat add NAME, or cat:NAME on a task"

    /// The table of `cat ls` (at least one category); `tallies` by category name.
    public static func render(_ categories: [Category], tallies: [String: Tally], context: RenderContext) -> SafeText {
        let width = categories.map { DisplayWidth.of(SafeText(escaping: $0.name)) }.max() ?? 0
        return categories.map { category -> SafeText in
            let tally = tallies[category.name] ?? Tally()
            let swatch: SafeText =
                category.color.map {
                    context.style.color("●", $0) + " " + DisplayWidth.padRight("\($0.rawValue)", to: 6)
                } ?? "  —     "
            let name = DisplayWidth.padRight(SafeText(escaping: category.name), to: width)
            let rate = DisplayWidth.padLeft(RateFormat.percent(tally.rate), to: 4)
            return name + "  " + swatch + "  " + rate + "  " + context.style.dim(RateFormat.counts(tally))
        }.joined(separator: "\n")
    }

    /// `{"categories": [{"name", "color", "rate", "done", "open", "cancelled"}]}`.
    public static func json(_ categories: [Category], tallies: [String: Tally]) -> JSONValue {
        let list = categories.map { category -> JSONValue in
            var object = JSONObject()
            object.appendUnique("name", .string(category.name))
            object.appendUnique("color", .optional(category.color?.rawValue))
            ViewJSON.counts(tallies[category.name] ?? Tally(), into: &object)
            return .object(object)
        }
        return ["categories": .array(list)]
    }
}
