import Navigation
import Terminal

/// A button, as `UIButton`: a title in brackets that fires its actions and segues on Enter.
open class Button: View, Drawable, Focusable {
    public enum Shape: Sendable { case rectangle, rounded }

    open var title: String? { didSet { if title != oldValue { setNeedsDisplay() } } }
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Round buttons draw in parentheses, square ones in brackets.
    public var shape = Shape.rectangle { didSet { if shape != oldValue { setNeedsDisplay() } } }

    public override init() { super.init() }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        // Since iOS 15 Xcode writes the title in a configuration, and leaves "Button" in the
        // state beside it; older files have only the state. The coder knows the one rule.
        title = coder.displayedTitle
        isEnabled = coder.bool("enabled") ?? true
    }

    open override func setValue(_ value: String, forKey key: String) -> Bool {
        switch key {
        case "title":
            title = value
        case "isEnabled":
            guard let enabled = View.bool(value) else { return false }
            isEnabled = enabled
        default:
            return super.setValue(value, forKey: key)
        }
        return true
    }

    func label(_ context: DrawContext) -> String {
        let title = context.theme.display(self.title ?? "")
        return shape == .rounded ? "( \(title) )" : "[ \(title) ]"
    }

    public func intrinsicWidth(context: DrawContext) -> Int? { label(context).terminalWidth }
    public func height(forWidth width: Int, context: DrawContext) -> Int { 1 }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let text = label(context).truncated(toWidth: rect.width, ellipsis: context.glyphs.ellipsis)
        let style = !isEnabled ? context.theme.disabled : context.isFocused(self) ? context.theme.focused : context.theme.tint
        let x = rect.x + max(0, (rect.width - text.terminalWidth) / 2)
        let width = buffer.put(text, at: Point(x: x, y: rect.y), style: style, clip: rect)
        context.places?.note(self, at: Rect(x: x, y: rect.y, width: width, height: 1).intersection(rect), target: .button(self))
    }

    public var canBecomeFocused: Bool { isEnabled && !isHidden }

    /// The screen declares Enter and Space (`press`); a focused button performs it, enabled
    /// or not (a disabled one does nothing, and the key goes no further).
    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool { action == .press }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        if isEnabled { sendActions() }
    }
}
