import Navigation
import Terminal

/// A container view draws its embedded controller in its own frame, as a screen draws a level:
/// a navigation controller's bar, then the content. It takes the rows a column leaves over,
/// shared with tables, as an embedded screen is usually a list or a form that wants room; on
/// its own it asks for the rows its content needs.
extension ContainerView: Drawable {
    public func height(forWidth width: Int, context: DrawContext) -> Int {
        guard let child = embeddedViewController else { return 0 }
        if let navigation = child as? NavigationController, let top = navigation.topViewController {
            return 2 + Layout.height(of: top.view, width: width, context: context)
        }
        return Layout.height(of: child.view, width: width, context: context)
    }

    public var fillsHeight: Bool { embeddedViewController != nil }
    public var keepsLayout: Bool { true }

    public func layOut(in rect: Rect, context: DrawContext) {
        guard let child = embeddedViewController else { return }
        ScreenRenderer(theme: context.theme).layOut(child, in: rect, context: context)
    }

    public func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard let child = embeddedViewController else { return }
        // The renderer draws into a frame of its own here; the embedded controls note their
        // places in this level's (`context.places`).
        var frame = ScreenRenderer.Frame(buffer: CellBuffer(size: Size(width: 0, height: 0)), cursor: nil)
        swap(&frame.buffer, &buffer)
        ScreenRenderer(theme: context.theme).draw(child, in: rect, boxed: false, frame: &frame, context: context)
        swap(&frame.buffer, &buffer)
    }
}
