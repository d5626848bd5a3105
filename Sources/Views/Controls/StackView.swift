import Navigation
import Terminal

/// Views in a row or a column, as `UIStackView`: the storyboard's stack views are what lays a
/// screen out in the terminal.
open class StackView: View, Drawable {
    public enum Axis: String, Sendable { case horizontal, vertical }

    /// Horizontal unless the storyboard says otherwise, as in Interface Builder.
    public var axis = Axis.horizontal { didSet { if axis != oldValue { setNeedsDisplay() } } }
    public var spacing = 0.0 { didSet { if spacing != oldValue { setNeedsDisplay() } } }

    public override init() { super.init() }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        axis = coder.string("axis").flatMap(Axis.init(rawValue:)) ?? .horizontal
        spacing = coder.double("spacing") ?? 0
    }

    public var arrangedSubviews: [View] { Layout.visible(subviews) }

    /// A column between views in a row always, so words never run together; a blank row
    /// between views in a column only for generous spacing.
    private var gap: Int { axis == .horizontal ? 1 : (spacing >= 16 ? 1 : 0) }

    public var fillsHeight: Bool { arrangedSubviews.contains(where: Layout.fillsHeight) }

    public func intrinsicWidth(context: DrawContext) -> Int? {
        var widths: [Int] = []
        for view in arrangedSubviews {
            guard let width = Layout.intrinsicWidth(of: view, context: context) else { return nil }
            widths.append(width)
        }
        if axis == .vertical { return widths.max() ?? 0 }
        return widths.reduce(0, +) + gap * max(0, widths.count - 1)
    }

    public func height(forWidth width: Int, context: DrawContext) -> Int {
        let views = arrangedSubviews
        switch axis {
        case .vertical:
            return views.reduce(0) { $0 + Layout.height(of: $1, width: width, context: context) } + gap * max(0, views.count - 1)
        case .horizontal:
            let widths = Layout.rowWidths(views, width: width, gap: gap, context: context)
            return zip(views, widths).map { Layout.height(of: $0, width: $1, context: context) }.max() ?? 0
        }
    }

    /// Each arranged subview with where it goes in `rect`: what layout and drawing both follow.
    private func forEachArranged(in rect: Rect, context: DrawContext, _ body: (_ view: View, _ frame: Rect) -> Void) {
        switch axis {
        case .vertical: Layout.forEachInColumn(arrangedSubviews, in: rect, gap: gap, context: context, body)
        case .horizontal: Layout.forEachInRow(arrangedSubviews, in: rect, gap: gap, context: context, body)
        }
    }

    open func layOut(in rect: Rect, context: DrawContext) {
        forEachArranged(in: rect, context: context) { Layout.layOut($0, in: $1, context: context) }
    }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        forEachArranged(in: rect, context: context) { Layout.draw($0, in: $1, buffer: &buffer, context: context) }
    }
}
