import Navigation
import Terminal
import Views

/// What the app composes over or beside its screens, as the workshop inspector is: each key goes
/// to its layers before the screens, and each frame is the screens drawn at the size the layers
/// leave them, then each layer's own drawing, in order.
@MainActor
public protocol AppLayer: AnyObject {
    /// Takes a key before the screens do; true when the key was the layer's.
    func handle(_ key: Key, in app: Application) -> Bool
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

extension Inspector: AppLayer {
    public func handle(_ key: Key, in app: Application) -> Bool {
        let typing = app.currentScreen.map { app.focus.focus(on: $0)?.object is TextField } ?? false
        return handle(key, alertShows: app.currentScreen?.alert != nil, typing: typing, size: app.backend.size, quit: { app.requestQuit() })
    }
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
