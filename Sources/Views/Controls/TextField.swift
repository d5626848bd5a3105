import Navigation
import Terminal

/// A single line of editable text, as `UITextField`. A key costs the same however long the text
/// is: the characters live in a gap buffer at the cursor, `text` is built only when read, and
/// drawing reads only the characters that show.
open class TextField: View, Drawable, Focusable {
    open var text: String? {
        get {
            if textIsNil { return nil }
            if let builtText { return builtText }
            storage.countCopies(storage.count)
            let built = storage.string
            builtText = built
            return built
        }
        set {
            textIsNil = newValue == nil
            storage = TextBuffer(newValue ?? "")
            builtText = newValue
            cursor = min(cursor, storage.count)
            setNeedsDisplay()
        }
    }
    public var placeholder: String? { didSet { if placeholder != oldValue { setNeedsDisplay() } } }
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Right alignment keeps what is typed against what follows the field (`12,34 €`).
    public var textAlignment = Label.Alignment.natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// Asked before every edit typed, as `UITextFieldDelegate`; the storyboard may connect it.
    @Outlet public var delegate: TextFieldDelegate?
    /// Where typing goes, in characters from the start.
    public private(set) var cursor = 0 { didSet { if cursor != oldValue { setNeedsDisplay() } } }
    /// Set by `becomeFirstResponder()`; the focus engine moves focus here and clears it.
    public internal(set) var wantsFocus = false

    private var storage = TextBuffer()
    private var textIsNil = true
    /// `text` as last built, until the next edit.
    private var builtText: String?

    public override init() { super.init() }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        text = coder.string("text")
        placeholder = coder.string("placeholder")
        isEnabled = coder.bool("enabled") ?? true
        cursor = storage.count
    }

    open override func setValue(_ value: String, forKey key: String) -> Bool {
        switch key {
        case "text":
            text = value
            cursor = storage.count
        case "placeholder":
            placeholder = value
        case "isEnabled":
            guard let enabled = View.bool(value) else { return false }
            isEnabled = enabled
        default:
            return super.setValue(value, forKey: key)
        }
        return true
    }

    /// Characters the field has copied or moved for its own work (building `text`, moving the
    /// cursor's gap, drawing): tests count them to check that typing costs the same per key,
    /// where timing would be flaky.
    package var copiedCharacterCount: Int { storage.copiedCount }

    /// Asks for keyboard focus, as the sample does in `viewWillAppear`.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        wantsFocus = true
        cursor = storage.count
        return true
    }

    public func intrinsicWidth(context: DrawContext) -> Int? { nil }
    public func height(forWidth width: Int, context: DrawContext) -> Int { 1 }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let focused = context.isFocused(self)
        context.places?.note(self, at: Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), target: .textField(self))
        let fieldStyle = isEnabled ? context.theme.field : context.theme.disabled
        buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: Cell(" ", style: fieldStyle))
        if !storage.isEmpty {
            let visible = visibleText(width: rect.width)
            let origin = Point(x: rect.x + indent(for: visible, width: rect.width), y: rect.y)
            buffer.put(visible, at: origin, style: focused ? context.theme.title.merged(fieldStyle) : fieldStyle, clip: rect)
        } else if let placeholder {
            let origin = Point(x: rect.x + indent(for: placeholder, width: rect.width), y: rect.y)
            buffer.put(placeholder, at: origin, style: context.theme.placeholder.merged(fieldStyle), clip: rect)
        }
    }

    /// Columns before the text: none, or, aligned right, all but the text and the cursor's cell.
    private func indent(for shown: String, width: Int) -> Int {
        textAlignment == .right ? max(0, width - 1 - shown.terminalWidth) : 0
    }

    /// The first character shown: the text scrolls so that the cursor shows.
    private func firstVisible(width: Int) -> Int { max(0, cursor - max(1, width - 1)) }

    /// The part of the text that fits, scrolled so that the cursor shows.
    private func visibleText(width: Int) -> String {
        let shown = storage.characters(from: firstVisible(width: width), length: max(0, width))
        storage.countCopies(shown.count)
        return String(shown)
    }

    /// The cursor's column from the left of the field.
    public func cursorColumn(width: Int) -> Int {
        let start = firstVisible(width: width)
        let before = storage.characters(from: start, length: cursor - start)
        storage.countCopies(before.count)
        let column = before.reduce(0) { $0 + $1.terminalWidth }
        guard textAlignment == .right else { return column }
        return column + indent(for: storage.isEmpty ? (placeholder ?? "") : visibleText(width: width), width: width)
    }

    public var canBecomeFocused: Bool { isEnabled && !isHidden }

    /// Its editing keys, which take every character (so `q` types a q, a digit is typed rather
    /// than selecting a tab, and Space is typed while stepping through segues), as UIKit's text
    /// input comes before key commands. Enter is the screen's (`ScreenResponder`).
    public var keyCommands: [KeyCommand] { Self.commands }
    private static let commands = KeyBindings.commands(in: .textField, priority: true, sending: [.edit])

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool { action == .edit && isEnabled }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        _ = handle(sender)
    }

    /// An editing key: a character typed, Backspace, Delete, or the cursor moved. False when
    /// the key is none of them or the field is disabled.
    public func handle(_ key: Key) -> Bool {
        guard isEnabled else { return false }
        switch key {
        case .character(let c) where !c.isNewline:
            if replaceCharacters(in: cursor..<cursor, with: String(c)) { cursor += 1 }
        case .backspace:
            guard cursor > 0 else { return true }
            if replaceCharacters(in: (cursor - 1)..<cursor, with: "") { cursor -= 1 }
        case .delete:
            guard cursor < storage.count else { return true }
            replaceCharacters(in: cursor..<(cursor + 1), with: "")
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(storage.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = storage.count
        case .control("u"):
            if replaceCharacters(in: 0..<cursor, with: "") { cursor = 0 }
        default:
            return false
        }
        return true
    }

    /// Replaces characters as a key asks, once the delegate agrees. Returns whether it did.
    @discardableResult
    private func replaceCharacters(in range: Range<Int>, with replacement: String) -> Bool {
        if let delegate {
            let location = storage.utf16Offset(movingGapTo: range.lowerBound)
            let length = storage.utf16Count(of: range)
            let nsRange = NSRange(location: location, length: length)
            guard delegate.textField(self, shouldChangeCharactersIn: nsRange, replacementString: replacement) else { return false }
        }
        storage.removeSubrange(range)
        var index = range.lowerBound
        for character in replacement {
            storage.insert(character, at: index)
            index += 1
        }
        textIsNil = false
        builtText = nil
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
