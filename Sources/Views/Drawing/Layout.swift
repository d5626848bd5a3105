import Navigation
import Terminal

/// Lays out and draws any view: drawable views draw themselves; other views are columns of
/// their visible subviews, the order of the storyboard top to bottom. Constraints and frames
/// are not used: a terminal's cells are too coarse for them, and the order reads well.
@MainActor
public enum Layout {
    public static func height(of view: View, width: Int, context: DrawContext) -> Int {
        if view.isHidden { return 0 }
        if let drawable = view as? Drawable { return drawable.height(forWidth: width, context: context) }
        return visible(view.subviews).reduce(0) { $0 + height(of: $1, width: width, context: context) }
    }

    public static func intrinsicWidth(of view: View, context: DrawContext) -> Int? {
        if let drawable = view as? Drawable { return drawable.intrinsicWidth(context: context) }
        var widest = 0
        for subview in visible(view.subviews) {
            guard let width = intrinsicWidth(of: subview, context: context) else { return nil }
            widest = max(widest, width)
        }
        return widest
    }

    public static func fillsHeight(_ view: View) -> Bool {
        if let drawable = view as? Drawable { return drawable.fillsHeight }
        return view.subviews.contains { !$0.isHidden && fillsHeight($0) }
    }

    public static func draw(_ view: View, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard !view.isHidden, !rect.isEmpty else { return }
        if let drawable = view as? Drawable {
            drawable.draw(in: rect, buffer: &buffer, context: context)
        } else {
            drawColumn(visible(view.subviews), in: rect, gap: 0, buffer: &buffer, context: context)
        }
        // A view pressed through its tap gesture recognizer shows that it has focus.
        if view.gestureRecognizers.contains(where: { $0.attachment.map(context.isFocused) ?? false }) {
            buffer.restyle(rect) { context.theme.focused.merged($0) }
        }
    }

    /// Views one above the other; those that fill height share the rows the others leave.
    public static func drawColumn(_ views: [View], in rect: Rect, gap: Int, buffer: inout CellBuffer, context: DrawContext) {
        let heights = columnHeights(views, in: rect, gap: gap, context: context)
        var y = rect.y
        for (view, height) in zip(views, heights) {
            guard y < rect.maxY else { break }
            draw(view, in: Rect(x: rect.x, y: y, width: rect.width, height: min(height, rect.maxY - y)), buffer: &buffer, context: context)
            y += height + gap
        }
    }

    static func columnHeights(_ views: [View], in rect: Rect, gap: Int, context: DrawContext) -> [Int] {
        var heights = views.map { fillsHeight($0) ? 0 : height(of: $0, width: rect.width, context: context) }
        let fillers = views.indices.filter { fillsHeight(views[$0]) }
        let used = heights.reduce(0, +) + gap * max(0, views.count - 1)
        if !fillers.isEmpty {
            let spare = max(0, rect.height - used)
            for (n, index) in fillers.enumerated() {
                heights[index] = spare / fillers.count + (n < spare % fillers.count ? 1 : 0)
            }
        }
        return heights
    }

    /// Views side by side: each with its own width where it has one, the rest sharing what is
    /// left, a column of space between them.
    public static func rowWidths(_ views: [View], width: Int, gap: Int, context: DrawContext) -> [Int] {
        let intrinsic = views.map { intrinsicWidth(of: $0, context: context) }
        let fixed = intrinsic.compactMap { $0 }.reduce(0, +) + gap * max(0, views.count - 1)
        let flexible = intrinsic.filter { $0 == nil }.count
        var widths = intrinsic.map { $0 ?? 0 }
        if flexible > 0 {
            let spare = max(0, width - fixed)
            var n = 0
            for index in widths.indices where intrinsic[index] == nil {
                widths[index] = spare / flexible + (n < spare % flexible ? 1 : 0)
                n += 1
            }
        } else if fixed < width, let lowest = views.map(\.horizontalHuggingPriority).min(),
                  let loosest = views.indices.last(where: { views[$0].horizontalHuggingPriority == lowest }) {
            // Room to spare goes to the view that hugs its content least (the last of equals).
            widths[loosest] += width - fixed
        } else if fixed > width, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }) {
            // Too wide: the widest view gives up columns first, so short ones stay whole.
            widths[widest] = max(0, widths[widest] - (fixed - width))
        }
        return widths
    }

    public static func visible(_ views: [View]) -> [View] { views.filter { !$0.isHidden } }
}
