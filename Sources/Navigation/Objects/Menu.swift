/// A menu, as `UIMenu`: a title and its elements, commands and submenus, which a button or a
/// bar button item opens (`Button.menu`, `BarButtonItem.menu`).
@MainActor
public final class Menu {
    /// One element of a menu, as `UIMenuElement`.
    public enum Element {
        case command(Command)
        case menu(Menu)
    }

    public var title: String
    public var imageName: String?
    /// Whether its elements show in its parent's list, between separators, rather than as one
    /// element that opens it (`UIMenu.Options.displayInline`).
    public var displaysInline: Bool
    public var children: [Element]

    public init(title: String = "", imageName: String? = nil, displaysInline: Bool = false, children: [Element] = []) {
        self.title = title
        self.imageName = imageName
        self.displaysInline = displaysInline
        self.children = children
    }

    /// Every command below it, submenus' included, in order.
    public var allCommands: [Command] {
        children.flatMap { element -> [Command] in
            switch element {
            case .command(let command): [command]
            case .menu(let menu): menu.allCommands
            }
        }
    }

    /// The command a pop-up button shows: the one whose state is on, else the first, as UIKit
    /// selects the first element of a pop-up button's menu when none is on.
    public var selectedCommand: Command? {
        let commands = allCommands
        return commands.first { $0.state == .on } ?? commands.first
    }

    /// Makes `command` the only one on, as a pop-up button's choice does.
    public func select(_ command: Command) {
        for each in allCommands { each.state = each === command ? .on : .off }
    }
}

/// A command of a menu, as `UICommand`: a title (or an SF Symbol's name), a state, and the
/// actions and segues the storyboard connected to it, sent when it is chosen.
@MainActor
public final class Command {
    public enum State: Sendable { case off, on }

    public var title: String
    public var imageName: String?
    public var state: State
    public var isDestructive: Bool
    public var isDisabled: Bool
    public let connections = Connections()

    public init(title: String, imageName: String? = nil, state: State = .off, isDestructive: Bool = false, isDisabled: Bool = false) {
        self.title = title
        self.imageName = imageName
        self.state = state
        self.isDestructive = isDestructive
        self.isDisabled = isDisabled
    }

    /// What the menu shows: its title, else its image's name (a terminal draws no symbol).
    public var displayTitle: String { title.isEmpty ? imageName ?? "" : title }
}

/// A control that opens a menu, as `UIButton` does since iOS 14: the storyboard gives it the
/// menu it holds.
@MainActor
public protocol MenuHolding: AnyObject {
    var menu: Menu? { get set }
}
