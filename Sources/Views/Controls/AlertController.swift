import Navigation
import Terminal

/// An alert, as `UIAlertController`: a title, a message and buttons, presented over the
/// screen, which stays visible underneath. Esc chooses the cancel action.
open class AlertController: ViewController {
    public struct Action {
        public enum Style: Sendable { case `default`, cancel, destructive }
        public let title: String
        public let style: Style
        let handler: (@MainActor () -> Void)?

        public init(title: String, style: Style = .default, handler: (@MainActor () -> Void)? = nil) {
            self.title = title
            self.style = style
            self.handler = handler
        }
    }

    public let message: String?
    public private(set) var alertActions: [Action] = []
    /// The buttons, one per action, in order; focus moves among them.
    public private(set) var buttons: [Button] = []

    /// The first line of the message shown, when the message is longer than the alert's room.
    public private(set) var messageOffset = 0
    /// Lines of the message, and how many of them show, as last laid out: what scrolling is
    /// bounded by, since only layout knows the terminal's size.
    public private(set) var messageLineCount = 0
    public private(set) var visibleMessageLines = 0

    public init(title: String?, message: String?) {
        self.message = message
        super.init()
        self.title = title
        modalPresentationStyle = .overFullScreen
    }

    public func addAction(_ action: Action) {
        alertActions.append(action)
        let button = Button()
        button.title = action.title
        button.connections.addTarget(self, action: Selector("alertAction\(alertActions.count - 1):"))
        buttons.append(button)
    }

    open override var actions: [Navigation.Selector: Navigation.Action] {
        var table: [Navigation.Selector: Navigation.Action] = [:]
        for (index, action) in alertActions.enumerated() {
            table[Selector("alertAction\(index):")] = .target { [weak self] _ in self?.choose(action) }
        }
        return table
    }

    /// Dismisses the alert, then runs the action's handler, as UIKit does.
    func choose(_ action: Action) {
        dismiss(animated: true)
        action.handler?()
    }

    /// The action Esc chooses: the cancel action, or the only one.
    public var cancelAction: Action? {
        alertActions.first { $0.style == .cancel } ?? (alertActions.count == 1 ? alertActions.first : nil)
    }

    /// Whether the message is longer than the room it has, so the arrow keys scroll it.
    public var messageScrolls: Bool { messageLineCount > visibleMessageLines }

    /// Scrolls the message by a number of lines, down when positive, within its length.
    public func scrollMessage(by lines: Int) {
        messageOffset = min(max(0, messageOffset + lines), max(0, messageLineCount - visibleMessageLines))
    }

    /// Lines a page of the message moves: what shows, less one kept for context.
    /// Whether scrolling by `lines` would move the message.
    public func canScrollMessage(by lines: Int) -> Bool {
        min(max(0, messageOffset + lines), max(0, messageLineCount - visibleMessageLines)) != messageOffset
    }

    public var messagePageLines: Int { max(1, visibleMessageLines - 1) }

    /// Called by layout with the message's length and room at the terminal's current size.
    func messageDidLayout(lines: Int, visible: Int) {
        messageLineCount = lines
        visibleMessageLines = min(lines, visible)
        scrollMessage(by: 0)
    }

    public func chooseCancel() {
        if let action = cancelAction { choose(action) }
    }
}
