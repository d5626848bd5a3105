import Terminal

/// UIKit's `UIKeyCommand`: a key a responder takes, the action it sends, and what the footer
/// (`title`) and the help, F1 (`discoverabilityTitle`), say of it. Made from the binding table
/// (`KeyBindings.commands(in:)`), which writes each key once.
public struct KeyCommand: Sendable {
    /// The key, or keys, it takes (UIKit's `input` and `modifierFlags`).
    public let input: KeyPattern
    /// The one key it takes as a number (`Key.code`), to match it without comparing characters;
    /// nil when it takes several.
    let code: UInt32?
    public let action: KeyAction
    /// What the footer says the key does here: `open`, `Cancel`; empty when the footer leaves
    /// it out (it still acts, and F1 lists it). The chain fills it in from the responder that
    /// declares it (`Responder.title(for:)`).
    public var title: String
    /// UIKit's `wantsPriorityOverSystemBehavior`: the command is matched before every command
    /// of the chain that is not, as F5 and Ctrl-C are, and Space while stepping through segues.
    public var wantsPriorityOverSystemBehavior: Bool
    /// The binding's words, shared by every command made from it: chains are made for every
    /// key and every frame, and a command is copied several times on the way.
    private let words: Words

    private final class Words: Sendable {
        let discoverabilityTitle: String?
        let label: String
        let footerLabel: String

        init(discoverabilityTitle: String?, label: String, footerLabel: String) {
            self.discoverabilityTitle = discoverabilityTitle
            self.label = label
            self.footerLabel = footerLabel
        }
    }

    /// What F1 says it does, with `{wallet:…|any:…}` choices; nil when another command of the
    /// same `label` says it.
    public var discoverabilityTitle: String? { words.discoverabilityTitle }
    /// How F1 writes the keys (`Up, Down, k, j`), and the footer (`↑/↓`).
    public var label: String { words.label }
    public var footerLabel: String { words.footerLabel }

    public init(input: KeyPattern, action: KeyAction, title: String = "", discoverabilityTitle: String? = nil, label: String,
                footerLabel: String? = nil, wantsPriorityOverSystemBehavior: Bool = false) {
        self.input = input
        code = input.code
        self.action = action
        self.title = title
        words = Words(discoverabilityTitle: discoverabilityTitle, label: label, footerLabel: footerLabel ?? label)
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
    }

    /// This command with another title (and priority), its words shared.
    public func with(title: String, priority: Bool? = nil) -> KeyCommand {
        var command = self
        command.title = title
        if let priority { command.wantsPriorityOverSystemBehavior = priority }
        return command
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
    /// The keys this responder declares now, as UIKit's `keyCommands` (made once, in the table's
    /// `KeyBindings.commands(in:)`, where they can be).
    var keyCommands: [KeyCommand] { get }
    /// Whether this responder does `action` now; `sender` is the key pressed.
    func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool
    /// Does `action`; called only after `canPerformAction` said yes.
    func perform(_ action: KeyAction, withSender sender: Key)
    /// What the footer says a command of this responder's does here (a command's own `title`
    /// first); empty leaves it out. Asked only of the commands in effect.
    func title(for command: KeyCommand) -> String
}

extension Responder {
    public var keyCommands: [KeyCommand] { [] }
    public func title(for command: KeyCommand) -> String { "" }
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
    /// Each responder's commands, asked once: a chain is made for every key and every frame.
    private let declared: [[KeyCommand]]
    /// Where each command is in `declared`, in the order keys are matched, with what a key is
    /// matched by: plain numbers, walked for every key without copying a command.
    private let order: [Entry]

    private struct Entry {
        let code: UInt32?
        let action: KeyAction
        let group: Int
        let index: Int
    }

    public init(_ responders: [any Responder]) {
        self.responders = responders
        declared = responders.map(\.keyCommands)
        var order: [Entry] = []
        for priority in [true, false] {
            for (group, commands) in declared.enumerated() {
                for (index, command) in commands.enumerated() where command.wantsPriorityOverSystemBehavior == priority {
                    order.append(Entry(code: command.code, action: command.action, group: group, index: index))
                }
            }
        }
        self.order = order
    }

    private func titled(_ command: KeyCommand, by index: Int) -> KeyCommand {
        command.title.isEmpty ? command.with(title: responders[index].title(for: command)) : command
    }

    /// UIKit's `target(forAction:withSender:)`: the first responder that can perform `action`.
    public func target(forAction action: KeyAction, withSender sender: Key) -> (any Responder)? {
        responders.first { $0.canPerformAction(action, withSender: sender) }
    }

    /// The command `key` sends now and who performs it; nil when the key does nothing.
    public func command(for key: Key) -> (command: KeyCommand, target: any Responder)? {
        let code = key.code
        for entry in order {
            let bound = if let code, let own = entry.code { own == code } else { declared[entry.group][entry.index].input.matches(key) }
            guard bound, let target = target(forAction: entry.action, withSender: key) else { continue }
            return (declared[entry.group][entry.index], target)
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

    /// The commands a key would perform now, with their footer words: each one that takes a key
    /// (its `input.samples`) that no command before it takes, and whose action a responder can
    /// perform. A text field takes `q`, so q's quit is not active while one has focus; Ctrl-C's
    /// is. Only those that send one of `actions` (all when nil) and pass `filter` are tried (the
    /// footer asks only of those it names).
    public func activeCommands(sending actions: [KeyAction]? = nil, where filter: (KeyCommand) -> Bool = { _ in true }) -> [KeyCommand] {
        // What each key does, found once: many commands share keys (Enter, Space).
        var found: [UInt32: KeyAction?] = [:]
        func action(for key: Key) -> KeyAction? {
            guard let code = key.code else { return command(for: key)?.command.action }
            if let known = found[code] { return known }
            let action = command(for: key)?.command.action
            found[code] = .some(action)
            return action
        }
        var active: [KeyCommand] = []
        for entry in order where actions?.contains(entry.action) ?? true {
            let command = titled(declared[entry.group][entry.index], by: entry.group)
            guard filter(command), command.input.samples.contains(where: { action(for: $0) == entry.action }) else { continue }
            active.append(command)
        }
        return active
    }
}
