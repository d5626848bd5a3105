import Navigation
import Terminal

/// A view that draws itself into a rectangle of cells, as a Ratatui widget renders into a
/// buffer. Views that are not drawable are containers: their subviews are laid out in order,
/// top to bottom.
@MainActor
public protocol Drawable: View {
    /// Rows the view needs at this width.
    func height(forWidth width: Int, context: DrawContext) -> Int
    /// Columns the view wants on a row, or nil when it takes whatever room there is.
    func intrinsicWidth(context: DrawContext) -> Int?
    /// Whether the view takes the rows left over in a column (a table does).
    var fillsHeight: Bool { get }
    func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext)
}

extension Drawable {
    public func intrinsicWidth(context: DrawContext) -> Int? { nil }
    public var fillsHeight: Bool { false }
}

/// What drawing needs to know beyond the view: styles, glyphs, and what has focus.
@MainActor
public struct DrawContext {
    public let theme: Theme
    /// The object with keyboard focus, if it is in what is being drawn.
    public let focused: AnyObject?
    /// Whether the screen drawn is the one taking keys; focus shows only there.
    public let isActive: Bool

    public init(theme: Theme, focused: AnyObject?, isActive: Bool) {
        self.theme = theme
        self.focused = focused
        self.isActive = isActive
    }

    public func isFocused(_ object: AnyObject) -> Bool { isActive && focused === object }
    public var glyphs: Glyphs { theme.glyphs }
}
