import Navigation
import Terminal

/// A tab bar controller takes Ctrl-N, Ctrl-P and the digits, as a tab bar's items are tapped.
extension TabBarController: Responder {
    public var keyCommands: [KeyCommand] { Self.tabCommands }
    private static let tabCommands = KeyBindings.commands(in: .containers, sending: [.nextTab, .previousTab, .selectTab])

    public func title(for command: KeyCommand) -> String { command.action == .nextTab ? "tab" : "" }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .nextTab, .previousTab: return !viewControllers.isEmpty
        case .selectTab:
            guard case .character(let digit) = sender, let number = digit.wholeNumberValue else { return false }
            return (1...viewControllers.count).contains(number)
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        let count = viewControllers.count
        switch action {
        case .nextTab: selectedIndex = (selectedIndex + 1) % count
        case .previousTab: selectedIndex = (selectedIndex + count - 1) % count
        case .selectTab:
            if case .character(let digit) = sender, let number = digit.wholeNumberValue { selectedIndex = number - 1 }
        default: break
        }
    }
}

/// A page view controller turns its pages with Ctrl-N and Ctrl-P, as a swipe would, where no tab
/// bar takes them.
extension PageViewController: Responder {
    public var keyCommands: [KeyCommand] { Self.pageCommands }
    private static let pageCommands = KeyBindings.commands(in: .containers, sending: [.nextTab, .previousTab])

    public func title(for command: KeyCommand) -> String { command.action == .nextTab ? "page" : "" }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        action == .nextTab || action == .previousTab
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        _ = turnPage(forward: action == .nextTab)
    }
}
