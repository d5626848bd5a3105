import Navigation
import Terminal

/// An open menu: its title, then its elements one a row in a box by the control that opened
/// it, as iOS 14 shows a button's or a bar button item's `UIMenu`. Up and Down move, Enter
/// chooses, Esc closes (a submenu goes back to its parent). Choosing a command closes the
/// menu, then sends the command, as UIKit dismisses a menu before its action runs.
///
/// It is shown as the window's `menuLevel`, not presented: the controller under it stays the
/// one on screen, with no disappearance, as under UIKit's menu.
final class MenuController: AlertController {
    let menu: Menu
    /// The control the menu points at: what it is drawn by.
    weak var anchor: AnyObject?
    /// The menu this one is a submenu of, which Esc goes back to.
    let parentMenu: MenuController?
    private let choose: @MainActor (Command) -> Void
    /// The elements, one a row, in the order of the buttons; inline submenus' elements in place.
    private(set) var rows: [Menu.Element] = []
    /// The rows that start a group: an inline submenu's first element, and the element after it.
    private(set) var separatorsBefore: Set<Int> = []

    private init(menu: Menu, anchor: AnyObject?, parentMenu: MenuController?, window: Window,
                 choose: @escaping @MainActor (Command) -> Void) {
        self.menu = menu
        self.presentingWindow = window
        self.anchor = anchor
        self.parentMenu = parentMenu
        self.choose = choose
        super.init(title: menu.title.isEmpty ? nil : menu.title, message: nil)
        for (element, separated) in Self.rows(of: menu) {
            if separated, !rows.isEmpty { separatorsBefore.insert(rows.count) }
            rows.append(element)
            addAction(Action(title: Self.title(of: element)) { [unowned self] in self.didChoose(element) })
        }
        for (button, element) in zip(buttons, rows) {
            if case .command(let command) = element { button.isEnabled = !command.isDisabled }
        }
    }

    /// Opens `menu` by `anchor`; `choose` receives the command chosen, after the menu closed.
    static func open(_ menu: Menu, from anchor: AnyObject, in window: Window, choose: @escaping @MainActor (Command) -> Void) {
        window.menuLevel = MenuController(menu: menu, anchor: anchor, parentMenu: nil, window: window, choose: choose)
    }

    /// The elements a menu lists: its commands and submenus, an inline submenu's elements in
    /// its place, each with whether a separator comes before it.
    private static func rows(of menu: Menu) -> [(Menu.Element, Bool)] {
        var listed: [(Menu.Element, Bool)] = []
        var afterInline = false
        for element in menu.children {
            if case .menu(let submenu) = element, submenu.displaysInline {
                for (index, inner) in rows(of: submenu).enumerated() { listed.append((inner.0, index == 0 || inner.1)) }
                afterInline = true
            } else {
                listed.append((element, afterInline))
                afterInline = false
            }
        }
        return listed
    }

    /// A row's text: a command's title, a submenu's.
    private static func title(of element: Menu.Element) -> String {
        switch element {
        case .command(let command): command.displayTitle
        case .menu(let submenu): submenu.title.isEmpty ? submenu.imageName ?? "" : submenu.title
        }
    }

    /// Whether row `index` is a command that is on, drawn with a check.
    func isOn(_ index: Int) -> Bool {
        if case .command(let command) = rows[index] { return command.state == .on }
        return false
    }

    /// Whether row `index` opens a submenu, drawn with a disclosure.
    func opensSubmenu(_ index: Int) -> Bool {
        if case .menu = rows[index] { return true }
        return false
    }

    /// Whether row `index` is a destructive command.
    func isDestructive(_ index: Int) -> Bool {
        if case .command(let command) = rows[index] { return command.isDestructive }
        return false
    }

    private func didChoose(_ element: Menu.Element) {
        guard let window = presentingWindow else { return }
        switch element {
        case .command(let command):
            // The window held the menu: what runs after it closed is held here.
            let choose = self.choose
            window.menuLevel = nil
            choose(command)
        case .menu(let submenu):
            window.menuLevel = MenuController(menu: submenu, anchor: anchor, parentMenu: self, window: window, choose: choose)
        }
    }

    /// The window whose menu level this is.
    private weak var presentingWindow: Window?

    override func choose(_ action: Action) {
        action.handler?()
    }

    /// Esc: back to the parent menu, or closed.
    override var cancelAction: Action? {
        Action(title: parentMenu == nil ? "close" : "back") { [unowned self] in self.presentingWindow?.menuLevel = self.parentMenu }
    }
}

extension Screen {
    /// Whether the level is an open menu.
    public var isMenu: Bool { container is MenuController }
}

extension BarButtonItem {
    /// Whether a tap opens its menu: an item with a menu and no action or segue of its own, as
    /// iOS 14 opens it (with an action, UIKit opens the menu by a long press, which a terminal
    /// has not).
    public var opensMenu: Bool { menu != nil && connections.isEmpty }

    /// What a tap does: opens its menu (`opensMenu`), else sends its actions.
    public func performPrimaryAction(in screen: Screen) {
        guard isEnabled else { return }
        if opensMenu, let menu, let window = screen.container.window ?? screen.controller.window {
            MenuController.open(menu, from: self, in: window) { command in command.connections.fire(sender: command) }
        } else {
            sendActions()
        }
    }
}
