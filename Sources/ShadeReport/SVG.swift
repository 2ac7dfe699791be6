@preconcurrency import Plot

/// A node of the page's body.
typealias BodyNode = Node<HTML.BodyContext>

/// The SVG elements the charts draw with, built as Plot nodes: attributes are shade's own
/// numbers and names (never user text); text goes through `MarkupText`.
enum SVG {
    /// An element with attributes and children.
    static func element(_ name: String, _ attributes: [(String, String)], _ children: [BodyNode] = []) -> BodyNode {
        .element(named: name, nodes: attributes.map { BodyNode.attribute(named: $0.0, value: $0.1) } + children)
    }

    /// A chart: an `<svg>` of a fixed coordinate system that scales to the page's width, read as
    /// one image with a title and a description (its text alternative).
    static func chart(
        id: String, width: Int, height: Int, title: String, description: String, _ children: [BodyNode]
    ) -> BodyNode {
        element(
            "svg",
            [
                ("viewBox", "0 0 \(width) \(height)"), ("width", "\(width)"), ("height", "\(height)"),
                ("role", "img"), ("aria-labelledby", "\(id)-title \(id)-desc"), ("class", "chart"),
                ("id", id),
            ],
            [
                element("title", [("id", "\(id)-title")], [.raw(MarkupText.escaped(title))]),
                element("desc", [("id", "\(id)-desc")], [.raw(MarkupText.escaped(description))]),
            ] + children)
    }

    /// A mark's tooltip and accessible name: `<title>` as its first child.
    static func title(_ text: String) -> BodyNode { element("title", [], [.raw(MarkupText.escaped(text))]) }

    /// A rectangle with a class and a title.
    static func rect(x: Int, y: Int, width: Int, height: Int, className: String, title: String?) -> BodyNode {
        element(
            "rect",
            [
                ("x", "\(x)"), ("y", "\(y)"), ("width", "\(width)"), ("height", "\(height)"), ("rx", "3"),
                ("class", className),
            ], title.map { [SVG.title($0)] } ?? [])
    }

    /// A text label.
    static func text(
        _ content: String, x: Int, y: Int, className: String = "label", anchor: String = "start"
    ) -> BodyNode {
        element(
            "text", [("x", "\(x)"), ("y", "\(y)"), ("class", className), ("text-anchor", anchor)],
            [.raw(MarkupText.escaped(content))])
    }

    /// A line.
    static func line(x1: Int, y1: Int, x2: Int, y2: Int, className: String) -> BodyNode {
        element("line", [("x1", "\(x1)"), ("y1", "\(y1)"), ("x2", "\(x2)"), ("y2", "\(y2)"), ("class", className)])
    }
}
