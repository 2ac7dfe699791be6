/// The frame of a plotted chart: its size and the margins around the plot (axis labels sit in
/// the left and bottom margins).
struct ChartFrame {
    let width: Int
    let height: Int
    let left: Int
    let right: Int
    let top: Int
    let bottom: Int

    /// The width and height of the plot itself.
    var plotWidth: Int { width - left - right }
    var plotHeight: Int { height - top - bottom }
    /// The plot's bottom edge, where zero is.
    var baseline: Int { top + plotHeight }

    /// The page's wide charts: 720 × 260, with room for a legend above when `top` asks for it.
    static func wide(top: Int) -> ChartFrame {
        ChartFrame(width: 720, height: 260, left: 44, right: 16, top: top, bottom: 40)
    }
}
