import Navigation
import Terminal
import Views

/// A view drawn alone, as a level draws it but with nothing around it: laid out, then drawn, on
/// a blank buffer with the plain Unicode theme and nothing focused.
@MainActor
public enum PlainDrawing {
    public static let context = DrawContext(theme: Theme(capabilities: TerminalCapabilities(unicode: true, color: false)), focused: nil,
                                            isActive: true)

    /// The lines of `view` laid out and drawn in a buffer of `size`.
    public static func lines(of view: View, size: Size = Size(width: 20, height: 10)) -> [String] {
        var buffer = CellBuffer(size: size)
        Layout.layOut(view, in: buffer.bounds, context: context)
        Layout.draw(view, in: buffer.bounds, buffer: &buffer, context: context)
        return buffer.lines
    }
}
