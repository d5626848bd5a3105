import Navigation
import Terminal

/// The level on top as a responder, as its view controller is in UIKit: an alert's buttons, or
/// a screen's bar buttons (Esc for the left one of the pane with focus), its focus (Tab, the
/// arrows where no table takes them, Ctrl-O to the other column), its buttons by letter, and
/// the keys it passes up (F1, q) for the app to perform.
@MainActor
public final class ScreenResponder: Responder {
    public let screen: Screen
    public let focus: FocusEngine
    /// What has focus, as the chain was made.
    public let focused: FocusTarget?

    /// How many focus stops the screen has.
    private let stopCount: Int

    init(screen: Screen, focus: FocusEngine, focused: FocusTarget?, stopCount: Int) {
        self.screen = screen
        self.focus = focus
        self.focused = focused
        self.stopCount = stopCount
    }

    /// Whether `other` stands for the same level, focus and stops.
    func hasSameMakeup(as other: ScreenResponder) -> Bool {
        screen.container === other.screen.container && screen.controller === other.screen.controller
            && focused?.object === other.focused?.object && stopCount == other.stopCount
    }

    /// The pane with focus, whose bar the keys use: found once for the chain.
    private lazy var pane = screen.pane(for: focused)

    /// The screen's buttons' letters: asked by several commands of one chain (the footer asks of
    /// every command), found once.
    private lazy var mnemonics = screen.mnemonics
    private lazy var rightItemMnemonic = pane.rightItem.flatMap { screen.mnemonic(of: $0, besides: mnemonics) }

    public var keyCommands: [KeyCommand] {
        if screen.alert != nil { return Self.alertCommands }
        // The table's list itself where the screen has no letters: a chain is made for every
        // key and frame.
        if mnemonics.isEmpty, rightItemMnemonic == nil { return Self.commands }
        var commands = Self.commands
        commands += mnemonics.map { KeyBindings.mnemonic($0.key, title: $0.button.title ?? "") }
        if let right = pane.rightItem, let key = rightItemMnemonic {
            // A key that is the whole title (`+`) says what the item is (`+ add`).
            let title = right.displayTitle == String(key) ? right.systemItem?.rawValue ?? right.displayTitle : right.displayTitle
            commands.append(KeyBindings.mnemonic(key, title: title))
        }
        return commands
    }

    /// The screen's own, then, in a text field, Enter as the pane's right bar button (Send), as
    /// Return is on iOS forms, then Ctrl-O and the popover's Esc.
    private static let alertCommands = KeyBindings.commands(in: .alert)
    private static let commands = KeyBindings.commands(in: .screen) + KeyBindings.commands(in: .textField, sending: [.rightBarButton])
        + KeyBindings.commands(in: .containers, sending: [.otherColumn, .closePopover])

    public func title(for command: KeyCommand) -> String {
        if let alert = screen.alert {
            switch command.action {
            case .press: return "choose"
            case .nextFocus: return "next"
            case .cancel: return alert.cancelAction?.title ?? ""
            case .lineUp, .lineDown: return alert.messageScrolls ? "scroll" : ""
            default: return ""
            }
        }
        switch command.action {
        case .nextFocus: return "focus"
        case .quit: return "quit"
        case .help: return "keys"
        // A split view's columns are columns; elsewhere (a bar beside a current-context
        // presentation, an embedded child) the other place is a pane.
        case .otherColumn: return screen.panes.contains { $0.container.splitViewController != nil } ? "column" : "pane"
        case .closePopover: return "close"
        case .pullDown: return "pull"
        case .cancel: return pane.leftItem?.displayTitle ?? ""
        case .rightBarButton: return pane.rightItem?.displayTitle ?? ""
        default: return ""
        }
    }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        if let alert = screen.alert {
            let movesFocus = stopCount > 1
            switch action {
            case .cancel: return true
            case .nextFocus, .previousFocus: return movesFocus
            // A message longer than the alert scrolls, as far as it goes; else Up and Down move
            // between buttons.
            case .lineUp: return alert.messageScrolls ? alert.canScrollMessage(by: -1) : movesFocus
            case .lineDown: return alert.messageScrolls ? alert.canScrollMessage(by: 1) : movesFocus
            case .pageUp, .top: return alert.canScrollMessage(by: -1)
            case .pageDown, .bottom: return alert.canScrollMessage(by: 1)
            case .press: return focused?.object is Button
            default: return false
            }
        }
        switch action {
        case .nextFocus, .previousFocus: return stopCount > 1
        case .cancel: return pane.leftItem != nil
        // The focused bar button; a focused button or row performs its own.
        case .press: if case .barItem? = focused { return true } else { return false }
        case .rightBarButton: return focused?.object is TextField && pane.rightItem != nil
        case .mnemonic: return mnemonicTarget(for: sender) != nil
        case .otherColumn: return otherPaneStop != nil
        // As a tap outside a popover closes it on an iPad; adapted to full screen in a compact
        // width, where UIKit leaves no way out unless its content has one, the same key closes
        // it, so that nobody is stranded (without the unwind: nothing is sent back).
        case .closePopover: return screen.container.modalPresentationStyle == .popover && pane.leftItem == nil
            && !screen.container.adaptivePresentationStyle.isSheet
        // The sheet on top, pulled down as a swipe would (refused, it says so and springs back).
        case .pullDown: return screen.container.window?.pullableSheet === screen.container
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        if let alert = screen.alert {
            performInAlert(action, alert: alert)
            return
        }
        switch action {
        case .nextFocus: focus.move(on: screen, forward: true)
        case .previousFocus: focus.move(on: screen, forward: false)
        case .cancel: pane.leftItem?.performPrimaryAction(in: screen)
        case .press: if case .barItem(let item)? = focused { item.performPrimaryAction(in: screen) }
        case .rightBarButton: pane.rightItem?.performPrimaryAction(in: screen)
        case .mnemonic:
            switch mnemonicTarget(for: sender) {
            case .button(let button)?:
                focus.setFocus(.view(button), on: screen)
                button.performPrimaryAction()
            case .barItem(let item)?: item.performPrimaryAction(in: screen)
            case nil: break
            }
        case .otherColumn: otherPaneStop.map { focus.setFocus($0, on: screen) }
        case .closePopover: screen.container.dismiss(animated: true)
        case .pullDown: screen.container.window?.pullDownTopSheet()
        default: break
        }
    }

    private func performInAlert(_ action: KeyAction, alert: AlertController) {
        switch action {
        case .cancel: alert.chooseCancel()
        // A message longer than the alert scrolls; Left, Right and Tab still move between buttons.
        case .lineUp where alert.messageScrolls: alert.scrollMessage(by: -1)
        case .lineDown where alert.messageScrolls: alert.scrollMessage(by: 1)
        case .pageUp: alert.scrollMessage(by: -alert.messagePageLines)
        case .pageDown: alert.scrollMessage(by: alert.messagePageLines)
        case .top: alert.scrollMessage(by: -alert.messageLineCount)
        case .bottom: alert.scrollMessage(by: alert.messageLineCount)
        case .nextFocus, .lineDown: focus.move(on: screen, forward: true)
        case .previousFocus, .lineUp: focus.move(on: screen, forward: false)
        case .press: (focused?.object as? Button)?.sendActions()
        default: break
        }
    }

    private enum MnemonicTarget {
        case button(Button)
        case barItem(BarButtonItem)
    }

    /// The button whose letter `key` is, or the right bar button when it is its letter.
    private func mnemonicTarget(for key: Key) -> MnemonicTarget? {
        guard case .character(let typed) = key else { return nil }
        let letter = Character(typed.lowercased())
        if let mnemonic = mnemonics.first(where: { $0.key == letter }) { return .button(mnemonic.button) }
        if let right = pane.rightItem, rightItemMnemonic == letter { return .barItem(right) }
        return nil
    }

    /// Where Ctrl-O moves focus: the first stop of the next pane that has one. An embedded child
    /// of labels only (the catalog's Embed tab) is a pane Ctrl-O cannot focus.
    private var otherPaneStop: FocusTarget? {
        let panes = screen.panes
        guard panes.count > 1 else { return nil }
        let current = panes.firstIndex { $0.controller === pane.controller } ?? 0
        for step in 1..<panes.count {
            if let first = focus.targets(on: panes[(current + step) % panes.count]).first { return first }
        }
        return nil
    }
}

extension ResponderChain {
    /// The chain of the screen on top: `first` (a script playing), the focused control, the tab
    /// bar or page view controller around its pane, the screen; then `above` (the inspector, the
    /// app). An alert's chain is the alert alone between them: no key reaches the screen under it.
    public init(screen: Screen, focus: FocusEngine, first: [any Responder] = [], above: [any Responder]) {
        let stops = focus.targets(on: screen)
        let focused = focus.focus(on: screen, stops: stops)
        var responders = first
        if screen.alert == nil {
            if case .view(let view)? = focused { responders.append(view) }
            if let tabBar = screen.tabBarController(for: focused) { responders.append(tabBar) }
            if let pages = screen.pageViewController(for: focused) { responders.append(pages) }
        }
        responders.append(ScreenResponder(screen: screen, focus: focus, focused: focused, stopCount: stops.count))
        self.init(responders + above)
    }
}
