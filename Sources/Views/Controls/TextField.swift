import Navigation
import Terminal

/// A single line of editable text, as `UITextField`.
open class TextField: View, Drawable, Focusable {
    open var text: String? {
        didSet { cursor = min(cursor, characters.count) }
    }
    public var placeholder: String?
    public var isEnabled = true
    /// Where typing goes, in characters from the start.
    public private(set) var cursor = 0
    /// Set by `becomeFirstResponder()`; the focus engine moves focus here and clears it.
    public internal(set) var wantsFocus = false
    /// Where the field was last drawn, for the terminal's cursor.
    public private(set) var lastFrame: Rect?

    public override init() { super.init() }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        text = coder.string("text")
        placeholder = coder.string("placeholder")
        isEnabled = coder.bool("enabled") ?? true
        cursor = characters.count
    }

    private var characters: [Character] { Array(text ?? "") }

    /// Asks for keyboard focus, as the sample does in `viewWillAppear`.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        wantsFocus = true
        cursor = characters.count
        return true
    }

    public func intrinsicWidth(context: DrawContext) -> Int? { nil }
    public func height(forWidth width: Int, context: DrawContext) -> Int { 1 }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let focused = context.isFocused(self)
        lastFrame = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let fieldStyle = isEnabled ? context.theme.field : context.theme.disabled
        buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: Cell(" ", style: fieldStyle))
        if let text, !text.isEmpty {
            let visible = visibleText(width: rect.width)
            buffer.put(visible, at: rect.origin, style: focused ? context.theme.title.merged(fieldStyle) : fieldStyle, clip: rect)
        } else if let placeholder {
            buffer.put(placeholder, at: rect.origin, style: context.theme.placeholder.merged(fieldStyle), clip: rect)
        }
    }

    /// The part of the text that fits, scrolled so that the cursor shows.
    private func visibleText(width: Int) -> String {
        let chars = characters
        let start = max(0, cursor - max(1, width - 1))
        return String(chars[start...].prefix(max(0, width)))
    }

    /// The cursor's column from the left of the field.
    public func cursorColumn(width: Int) -> Int {
        let start = max(0, cursor - max(1, width - 1))
        return String(characters[start..<cursor]).terminalWidth
    }

    public var canBecomeFocused: Bool { isEnabled && !isHidden }

    public func handle(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        var chars = characters
        switch key {
        case .character(let c) where !c.isNewline:
            chars.insert(c, at: cursor)
            text = String(chars)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            chars.remove(at: cursor - 1)
            cursor -= 1
            text = String(chars)
        case .delete:
            guard cursor < chars.count else { return true }
            chars.remove(at: cursor)
            text = String(chars)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(chars.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = chars.count
        case .control("u"):
            text = String(chars[cursor...])
            cursor = 0
        default:
            return false
        }
        return true
    }
}

extension Style {
    /// This style's attributes and colours laid over another's.
    func merged(_ base: Style) -> Style {
        Style(foreground: foreground == .default ? base.foreground : foreground,
              background: background == .default ? base.background : background,
              attributes: attributes.union(base.attributes))
    }
}
