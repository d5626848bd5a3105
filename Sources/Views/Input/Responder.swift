import Terminal

/// UIKit's `UIKeyCommand`: a key a responder takes, the action it sends, and what the footer
/// (`title`) and the help, F1 (`discoverabilityTitle`), say of it. Made from the binding table
/// (`KeyBindings.commands(in:titles:)`), which writes each key once.
public struct KeyCommand: Sendable {
    /// The key, or keys, it takes (UIKit's `input` and `modifierFlags`).
    public let input: KeyPattern
    public let action: KeyAction
    /// What the footer says the key does here: `open`, `Cancel`; empty when the footer leaves
    /// it out (it still acts, and F1 lists it).
    public var title: String
    /// What F1 says it does, with `{wallet:…|any:…}` choices; nil when another command of the
    /// same `label` says it.
    public let discoverabilityTitle: String?
    /// How F1 writes the keys (`Up, Down, k, j`), and the footer (`↑/↓`).
    public let label: String
    public let footerLabel: String
    /// UIKit's `wantsPriorityOverSystemBehavior`: the command is matched before every command
    /// of the chain that is not, as F5 and Ctrl-C are, and Space while stepping through segues.
    public let wantsPriorityOverSystemBehavior: Bool

    public init(input: KeyPattern, action: KeyAction, title: String = "", discoverabilityTitle: String? = nil, label: String,
                footerLabel: String? = nil, wantsPriorityOverSystemBehavior: Bool = false) {
        self.input = input
        self.action = action
        self.title = title
        self.discoverabilityTitle = discoverabilityTitle
        self.label = label
        self.footerLabel = footerLabel ?? label
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
    }

    /// The footer's hint: the key, then what it does here.
    public var hint: String { footerLabel + " " + title }
}

/// UIKit's `UIResponder`, for keys: what it declares (`keyCommands`), whether it can do an
/// action now (`canPerformAction(_:withSender:)`), and doing it. A command's action goes to the
/// first responder of the chain that can perform it, from the first responder up, as
/// `target(forAction:withSender:)` finds it in UIKit: a screen declares Enter as `press`, and
/// the focused button, row or bar button performs it.
@MainActor
public protocol Responder: AnyObject {
    /// The keys this responder declares now: computed each time, as UIKit's `keyCommands` is.
    var keyCommands: [KeyCommand] { get }
    /// Whether this responder does `action` now; `sender` is the key pressed.
    func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool
    /// Does `action`; called only after `canPerformAction` said yes.
    func perform(_ action: KeyAction, withSender sender: Key)
}

extension Responder {
    public var keyCommands: [KeyCommand] { [] }
}

/// A responder chain, from the first responder (the focused control, an alert, the inspector
/// when it holds the keys) to the last (the app); each responder's `next` is the one after it.
/// A key goes up it: the first command that takes the key (those that want priority first) and
/// whose action someone can perform now is performed, and that is all. What the chain can do
/// now (`activeCommands`) is what the footer shows and F1 lists, so neither can disagree with
/// what a key does.
@MainActor
public struct ResponderChain {
    public let responders: [any Responder]

    public init(_ responders: [any Responder]) {
        self.responders = responders
    }

    /// UIKit's `next`: the responder after `responder`, if any.
    public func next(after responder: any Responder) -> (any Responder)? {
        guard let index = responders.firstIndex(where: { $0 === responder }), index + 1 < responders.count else { return nil }
        return responders[index + 1]
    }

    /// Every command of the chain in the order keys are matched: those that want priority, then
    /// the others, each group from the first responder up.
    public var keyCommands: [KeyCommand] {
        let all = responders.flatMap(\.keyCommands)
        return all.filter(\.wantsPriorityOverSystemBehavior) + all.filter { !$0.wantsPriorityOverSystemBehavior }
    }

    /// UIKit's `target(forAction:withSender:)`: the first responder that can perform `action`.
    public func target(forAction action: KeyAction, withSender sender: Key) -> (any Responder)? {
        responders.first { $0.canPerformAction(action, withSender: sender) }
    }

    /// The command `key` sends now and who performs it; nil when the key does nothing.
    public func command(for key: Key, in commands: [KeyCommand]? = nil) -> (command: KeyCommand, target: any Responder)? {
        for command in commands ?? keyCommands where command.input.matches(key) {
            if let target = target(forAction: command.action, withSender: key) { return (command, target) }
        }
        return nil
    }

    /// Sends `key` up the chain; false when nothing took it.
    @discardableResult
    public func send(_ key: Key) -> Bool {
        guard let (command, target) = command(for: key) else { return false }
        target.perform(command.action, withSender: key)
        return true
    }

    /// The commands a key would perform now: each one that takes a key (its `input.sample`)
    /// that no command before it takes, and whose action a responder can perform. A text field
    /// takes `q`, so q's quit is not active while one has focus; Ctrl-C's is.
    public var activeCommands: [KeyCommand] {
        let commands = keyCommands
        return commands.filter { command in
            command.input.samples.contains { key in
                self.command(for: key, in: commands)?.command.action == command.action
            }
        }
    }
}
