import Navigation
import Terminal

/// A view that draws itself into a rectangle of cells, as a Ratatui widget renders into a
/// buffer. Views that are not drawable are containers: their subviews are laid out in order,
/// top to bottom.
///
/// A frame is two passes over each level, as UIKit lays out before it draws: `layOut(in:context:)`
/// decides what depends on where the view goes (which rows a table shows, where it scrolls,
/// which cells it keeps), then `draw(in:buffer:context:)` only reads what layout decided.
@MainActor
public protocol Drawable: View {
    /// Rows the view needs at this width.
    func height(forWidth width: Int, context: DrawContext) -> Int
    /// Columns the view wants on a row, or nil when it takes whatever room there is.
    func intrinsicWidth(context: DrawContext) -> Int?
    /// Whether the view takes the rows left over in a column (a table does).
    var fillsHeight: Bool { get }
    /// Whether the view decides something in the layout pass that its drawing reads (a table its
    /// rows, a container view its embedded scene's): the layout pass walks only to views that
    /// do, or hold one. False by default; a custom view whose `layOut(in:context:)` keeps state
    /// says true.
    var keepsLayout: Bool { get }
    /// Decides what drawing at `rect` will show, and lays out the subviews it draws, each at
    /// the rect it will draw it in (`Layout.layOut`). By default, its visible subviews as a
    /// column in `rect`, as a view that is not drawable is laid out.
    func layOut(in rect: Rect, context: DrawContext)
    /// Draws what the last layout decided; changes nothing a later frame reads.
    func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext)
}

extension Drawable {
    public func intrinsicWidth(context: DrawContext) -> Int? { nil }
    public var fillsHeight: Bool { false }
    public var keepsLayout: Bool { false }
    public func layOut(in rect: Rect, context: DrawContext) {
        Layout.layOutColumn(Layout.visible(subviews), in: rect, gap: 0, context: context)
    }
}

/// What drawing needs to know beyond the view: styles, glyphs, and what has focus.
@MainActor
public struct DrawContext {
    public let theme: Theme
    /// The object with keyboard focus, if it is in what is being drawn.
    public let focused: AnyObject?
    /// Whether the screen drawn is the one taking keys; focus shows only there.
    public let isActive: Bool
    /// Where the level being drawn notes its controls; nil where nothing can be clicked (a
    /// table's cells, whose row is the target) or when only measuring.
    public let places: DrawnPlaces?

    public init(theme: Theme, focused: AnyObject?, isActive: Bool, places: DrawnPlaces? = nil) {
        self.theme = theme
        self.focused = focused
        self.isActive = isActive
        self.places = places
    }

    /// The same context, noting no places: for what a view draws inside its own target.
    public var withoutPlaces: DrawContext { DrawContext(theme: theme, focused: focused, isActive: isActive) }

    public func isFocused(_ object: AnyObject) -> Bool { isActive && focused === object }
    public var glyphs: Glyphs { theme.glyphs }
}

/// Where one level's controls were drawn, noted as they are drawn: what a click presses (on the
/// level on top), where the terminal's cursor goes, and what a popover points at. The frame keeps
/// what it noted (`ScreenRenderer.Frame`); the views themselves keep no frame between renders.
@MainActor
public final class DrawnPlaces {
    /// What a click presses, in the order drawn: where two overlap, the last drawn is on top.
    public private(set) var clickTargets: [ClickTarget] = []
    /// Where each control (a button, a text field, a bar button item) was drawn, by identity.
    public private(set) var frames: [ObjectIdentifier: Rect] = [:]
    /// Whether the level takes clicks: only the one on top does.
    let takesClicks: Bool

    init(takesClicks: Bool) { self.takesClicks = takesClicks }

    /// Notes that `object` was drawn at `rect`, pressed by a click there as `target` says.
    public func note(_ object: AnyObject?, at rect: Rect, target: ClickTarget.Kind?) {
        if let object { frames[ObjectIdentifier(object)] = rect }
        if takesClicks, let target { clickTargets.append(ClickTarget(rect: rect, kind: target)) }
    }

    /// Where `object` was drawn on this level, if it was.
    public func frame(of object: AnyObject) -> Rect? { frames[ObjectIdentifier(object)] }
}
