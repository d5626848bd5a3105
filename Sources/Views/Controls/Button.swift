import Navigation
import Terminal

/// A button, as `UIButton`: a title in brackets that fires its actions and segues on Enter.
open class Button: View, Drawable, Focusable, MenuHolding {
    public enum Shape: Sendable { case rectangle, rounded }

    open var title: String? { didSet { if title != oldValue { setNeedsDisplay() } } }
    public var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    /// Round buttons draw in parentheses, square ones in brackets.
    public var shape = Shape.rectangle { didSet { if shape != oldValue { setNeedsDisplay() } } }

    /// Its menu (iOS 14), opened by a tap when it is the button's primary action, or when the
    /// button has nothing else to do: a terminal has no long press.
    public var menu: Menu? { didSet { showSelectedCommand() } }
    /// Whether a tap opens the menu rather than sending the actions.
    public var showsMenuAsPrimaryAction = false
    /// A pop-up button: its title is the menu's selected command, which choosing one changes.
    public var changesSelectionAsPrimaryAction = false { didSet { showSelectedCommand() } }

    public override init() { super.init() }

    /// Whether pressing it opens its menu: a menu that is its primary action, or one on a
    /// button with no action or segue of its own, which UIKit opens by a long press.
    public var opensMenu: Bool { menu != nil && (showsMenuAsPrimaryAction || changesSelectionAsPrimaryAction || connections.isEmpty) }

    /// What a tap does, as `UIControl.performPrimaryAction()`: opens its menu when that is what
    /// a tap does (`opensMenu`), else sends its actions.
    public func performPrimaryAction() {
        guard isEnabled else { return }
        if opensMenu, let menu, let window = viewController?.window {
            MenuController.open(menu, from: self, in: window) { [weak self] command in self?.didChoose(command) }
        } else {
            sendActions()
        }
    }

    /// A command chosen from its menu: selected, if the button is a pop-up button, then sent.
    func didChoose(_ command: Command) {
        if changesSelectionAsPrimaryAction {
            menu?.select(command)
            showSelectedCommand()
        }
        command.connections.fire(sender: command, origin: self)
    }

    private func showSelectedCommand() {
        if changesSelectionAsPrimaryAction, let selected = menu?.selectedCommand { title = selected.displayTitle }
    }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        // Since iOS 15 Xcode writes the title in a configuration, and leaves "Button" in the
        // state beside it; older files have only the state. The coder knows the one rule.
        title = coder.displayedTitle
        isEnabled = coder.bool("enabled") ?? true
        showsMenuAsPrimaryAction = coder.bool("showsMenuAsPrimaryAction") ?? false
        changesSelectionAsPrimaryAction = coder.bool("changesSelectionAsPrimaryAction") ?? false
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
        performPrimaryAction()
    }
}
