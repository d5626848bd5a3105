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

    /// The layout pass of `view` at `rect`: what drawing it there will show is decided here.
    /// Only views that are or hold a view that `keepsLayout` are walked: measuring the others
    /// (wrapping a label's text) is left to drawing, which would do it again.
    public static func layOut(_ view: View, in rect: Rect, context: DrawContext) {
        guard !view.isHidden, !rect.isEmpty, holdsLayout(view) else { return }
        if let drawable = view as? Drawable {
            drawable.layOut(in: rect, context: context)
        } else {
            layOutColumn(visible(view.subviews), in: rect, gap: 0, context: context)
        }
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
        forEachInColumn(views, in: rect, gap: gap, context: context) { view, frame in
            draw(view, in: frame, buffer: &buffer, context: context)
        }
    }

    /// The layout pass of a column drawn by `drawColumn`.
    public static func layOutColumn(_ views: [View], in rect: Rect, gap: Int, context: DrawContext) {
        forEachInColumn(views, in: rect, gap: gap, context: context) { view, frame in
            layOut(view, in: frame, context: context)
        }
    }

    /// Each view of a column with where it goes, those that start below `rect` left out: what
    /// layout and drawing both follow.
    public static func forEachInColumn(_ views: [View], in rect: Rect, gap: Int, context: DrawContext,
                                       _ body: (_ view: View, _ frame: Rect) -> Void) {
        let heights = columnHeights(views, in: rect, gap: gap, context: context)
        var y = rect.y
        for (view, height) in zip(views, heights) {
            guard y < rect.maxY else { break }
            body(view, Rect(x: rect.x, y: y, width: rect.width, height: min(height, rect.maxY - y)))
            y += height + gap
        }
    }

    /// Each view of a row with where it goes (`rowWidths`), side by side in `rect`.
    public static func forEachInRow(_ views: [View], in rect: Rect, gap: Int, context: DrawContext,
                                    _ body: (_ view: View, _ frame: Rect) -> Void) {
        var x = rect.x
        for (view, width) in zip(views, rowWidths(views, width: rect.width, gap: gap, context: context)) {
            body(view, Rect(x: x, y: rect.y, width: min(width, rect.maxX - x), height: rect.height))
            x += width + gap
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

    /// Whether `view` is, or shows, a view whose drawing depends on its layout pass.
    static func holdsLayout(_ view: View) -> Bool {
        (view as? Drawable)?.keepsLayout == true || view.subviews.contains { !$0.isHidden && holdsLayout($0) }
    }
}
