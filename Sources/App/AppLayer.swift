import Navigation
import Terminal
import Views

/// What the app composes over or beside its screens, as the workshop inspector is: each frame
/// is the screens drawn at the size the layers leave them, then each layer's own drawing, in
/// order. A layer that responds to keys (`responder`) is in the app's chain, above the screens.
@MainActor
public protocol AppLayer: AnyObject {
    /// The layer in the app's responder chain, when it takes keys: said, not found by a cast,
    /// which costs a search of every conformance the first time it fails.
    var responder: (any Responder)? { get }
    /// Whether the layer takes every key now (the chain then skips the screens).
    var holdsKeys: Bool { get }
    /// The frame at `size`: the app's, drawn by `app` at the size the layer leaves it, with the
    /// layer's own drawing beside it or over it.
    func compose(size: Size, theme: Theme, app: (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame
    /// The size `compose` draws the app at in a frame of `size`.
    func appSize(in size: Size) -> Size
    /// Where clicks reach the app on a frame of `size`, and the part of it the layer covers; nil
    /// when no click reaches the app now.
    func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)?
    /// A turn of the run loop ended: a key or a timer was handled.
    func endTurn()
}

extension AppLayer {
    public var responder: (any Responder)? { nil }
}

extension Inspector: AppLayer {
    public var responder: (any Responder)? { self }
}

extension Application {
    /// The frame of the layers over the screens drawn by `screens`: the first layer outermost.
    func composeLayers(size: Size, screens: @escaping (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        var draw = screens
        for layer in layers.reversed() {
            let inner = draw
            draw = { [theme] size in layer.compose(size: size, theme: theme, app: inner) }
        }
        return draw(size)
    }

    /// Where clicks reach the screens on a frame of `size`, after every layer; nil when a layer
    /// takes them all.
    func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)? {
        var result: (area: Rect, excluding: Rect?) = (Rect(origin: .zero, size: size), nil)
        for layer in layers {
            guard let area = layer.clickableArea(in: result.area.size) else { return nil }
            result = (area.area, area.excluding ?? result.excluding)
        }
        return result
    }
}
