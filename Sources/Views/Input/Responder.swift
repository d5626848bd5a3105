import Terminal

/// UIKit's `UIKeyCommand`: a key a responder takes, the action it sends, and what the footer
/// (`title`) and the help, F1 (`discoverabilityTitle`), say of it. Made from the binding table
/// (`KeyBindings.commands(in:)`), which writes each key once.
public struct KeyCommand: Sendable {
    /// The key, or keys, it takes (UIKit's `input` and `modifierFlags`).
    public let input: KeyPattern
    /// How it takes a key, worked out once: chains are made for every key and every frame.
    let match: Match
    public let action: KeyAction
    /// What the footer says the key does here: `open`, `Cancel`; empty when the footer leaves
    /// it out (it still acts, and F1 lists it). The chain fills it in from the responder that
    /// declares it (`Responder.title(for:)`).
    public var title: String
    /// UIKit's `wantsPriorityOverSystemBehavior`: the command is matched before every command
    /// of the chain that is not, as F5 and Ctrl-C are, and Space while stepping through segues.
    public let wantsPriorityOverSystemBehavior: Bool
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
        match = Match(input)
        self.action = action
        self.title = title
        words = Words(discoverabilityTitle: discoverabilityTitle, label: label, footerLabel: footerLabel ?? label)
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
    }

    /// This command with another title, its words shared.
    public func with(title: String) -> KeyCommand {
        var command = self
        command.title = title
        return command
    }

    /// How a command takes a key: by its number (`Key.code`), by its letter in either case (a
    /// button's), or, for the commands that take many keys, by asking its `input`.
    enum Match: Sendable, Equatable {
        case code(UInt32)
        case letter(UInt32)
        case pattern

        init(_ input: KeyPattern) {
            switch input {
            case .key(let key): self = key.code.map(Match.code) ?? .pattern
            case .mnemonic(let letter): self = Key.character(letter).code.map(Match.letter) ?? .pattern
            case .textEditing, .tabNumber, .anyKey: self = .pattern
            }
        }
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
        let match: KeyCommand.Match
        let action: KeyAction
        let group: Int
        let index: Int
    }

    public init(_ responders: [any Responder]) {
        self.responders = responders
        declared = responders.map(\.keyCommands)
        var order: [Entry] = []
        order.reserveCapacity(declared.reduce(0) { $0 + $1.count })
        for priority in [true, false] {
            for group in declared.indices {
                let commands = declared[group]
                for index in commands.indices where commands[index].wantsPriorityOverSystemBehavior == priority {
                    order.append(Entry(match: commands[index].match, action: commands[index].action, group: group, index: index))
                }
            }
        }
        self.order = order
    }

    private func titled(_ command: KeyCommand, by index: Int) -> KeyCommand {
        command.title.isEmpty ? command.with(title: responders[index].title(for: command)) : command
    }

    /// Whether `other` is made of the same responders declaring the same commands: a chain made
    /// earlier that is still the state's (`Application.frameChain`). What responders can
    /// perform is asked of them when a key comes, so it need not be compared.
    public func hasSameMakeup(as other: ResponderChain) -> Bool {
        guard responders.count == other.responders.count else { return false }
        for (mine, theirs) in zip(responders, other.responders) {
            if let mine = mine as? ScreenResponder, let theirs = theirs as? ScreenResponder {
                guard mine.hasSameMakeup(as: theirs) else { return false }
            } else if mine !== theirs {
                return false
            }
        }
        return declared.count == other.declared.count && zip(declared, other.declared).allSatisfy { mine, theirs in
            mine.count == theirs.count && zip(mine, theirs).allSatisfy {
                $0.match == $1.match && $0.action == $1.action && $0.title == $1.title && $0.wantsPriorityOverSystemBehavior == $1.wantsPriorityOverSystemBehavior
            }
        }
    }

    /// UIKit's `target(forAction:withSender:)`: the first responder that can perform `action`.
    public func target(forAction action: KeyAction, withSender sender: Key) -> (any Responder)? {
        // Loops rather than closures on this path: an actor-isolated closure checks its executor
        // each time it is called, and the footer asks a few hundred times a frame.
        for responder in responders where responder.canPerformAction(action, withSender: sender) { return responder }
        return nil
    }

    /// The command `key` sends now and who performs it; nil when the key does nothing.
    public func command(for key: Key) -> (command: KeyCommand, target: any Responder)? {
        let code = key.code
        let folded = key.foldedCode
        for entry in order {
            let bound = switch entry.match {
            case .code(let own): code == own
            case .letter(let own): code == own || folded == own
            case .pattern: declared[entry.group][entry.index].input.matches(key)
            }
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
        // What each key does, found once: many commands share keys (Enter, Space). A list, not
        // a dictionary: a footer tries a dozen keys.
        var found: [(code: UInt32, action: KeyAction?)] = []
        func action(for key: Key) -> KeyAction? {
            guard let code = key.code else { return command(for: key)?.command.action }
            for known in found where known.code == code { return known.action }
            let action = command(for: key)?.command.action
            found.append((code, action))
            return action
        }
        func takesAKey(_ input: KeyPattern, for wanted: KeyAction) -> Bool {
            switch input {
            case .key(let key): return action(for: key) == wanted
            case .mnemonic(let letter): return action(for: .character(letter)) == wanted
            case .textEditing, .tabNumber, .anyKey:
                for sample in input.samples where action(for: sample) == wanted { return true }
                return false
            }
        }
        var active: [KeyCommand] = []
        for entry in order where actions?.contains(entry.action) ?? true {
            let command = titled(declared[entry.group][entry.index], by: entry.group)
            guard filter(command), takesAKey(command.input, for: entry.action) else { continue }
            active.append(command)
        }
        return active
    }
}
