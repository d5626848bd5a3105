import Terminal
import Views

/// The first screen of an attendee's session under `wallet serve`: what there is to run (the
/// wallet, the segue catalog, each storyboard of the presenter's folder), picked with the arrows
/// and Enter, or by number; q twice leaves (Esc never does). When a choice ends, its session comes back here, with a line
/// saying how it ended when it did not end well, the cursor on it. Its keys go up a responder
/// chain of its own (`keyCommands`), as the app's do.
@MainActor
public final class LauncherScreen: Responder {
    public struct Item: Hashable, Sendable {
        public var title: String
        public var detail: String
        public init(title: String, detail: String) {
            self.title = title
            self.detail = detail
        }
    }

    public let items: [Item]
    public private(set) var selected = 0
    /// What the last choice left to say (a storyboard that did not load), until the next key.
    public var message: String?
    /// Who is in the room, on the presenter's menu: "2 following · 5 sessions".
    public var audience: String?

    /// `selected` is where the cursor starts (the last choice, when the menu comes back after it).
    public init(items: [Item], selected: Int = 0) {
        self.items = items
        self.selected = items.isEmpty ? 0 : min(max(0, selected), items.count - 1)
    }

    /// What a key does: nil to stay, else the index of the item to run, or `.leave`.
    public enum Outcome: Hashable, Sendable { case run(Int), leave }

    /// What the last key decided.
    public private(set) var outcome: Outcome?

    /// Handles a key, a click or a resize: what it decided, if anything.
    @discardableResult
    public func handle(_ key: Key) -> Outcome? {
        // A resize is the terminal's, not the attendee's answer to the message: it stays (a
        // session resized while its app ran lost why the app ended, issue 32).
        if key != .resize { message = nil }
        outcome = nil
        // Leaving asks first: a second q (or Ctrl-C, Ctrl-D) leaves, any other key stays (issue
        // 47: a stray key ended a session, Esc among them).
        let askedToLeave = leaveAsked
        if key != .resize { leaveAsked = false }
        if case .click(let point) = key, let index = Self.row(of: point.y, count: items.count, height: lastHeight) {
            selected = index
            outcome = .run(index)
        } else {
            ResponderChain([self]).send(key)
        }
        if outcome == .leave, !askedToLeave {
            outcome = nil
            leaveAsked = true
            message = Self.leaveQuestion
        }
        return outcome
    }

    /// Whether the last key asked to leave, which the next confirms.
    private var leaveAsked = false
    public static let leaveQuestion = "Leave the workshop? q again leaves; any other key stays."

    /// The arrows and Home and End move, Enter runs the selected item, each item's key runs it,
    /// q, Ctrl-C and Ctrl-D leave, once asked again; Esc does not: a stray Esc, from an app
    /// just left, must not end the session.
    public var keyCommands: [KeyCommand] {
        Self.commands + zip(Self.keys, items).map { KeyBindings.mnemonic($0, title: $1.title) }
    }
    private static let commands = KeyBindings.commands(in: .menu)

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .lineUp, .lineDown, .top, .bottom, .quit: true
        case .openRow, .mnemonic: !items.isEmpty
        default: false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        let count = max(1, items.count)
        switch action {
        case .lineUp: selected = (selected + count - 1) % count
        case .lineDown: selected = (selected + 1) % count
        case .top: selected = 0
        case .bottom: selected = max(0, items.count - 1)
        case .openRow: outcome = .run(selected)
        case .quit: outcome = .leave
        case .mnemonic:
            guard case .character(let typed) = sender, let index = Self.keys.firstIndex(of: Character(typed.lowercased())) else { return }
            selected = index
            outcome = .run(index)
        default: break
        }
    }

    /// The key that runs each item, in order: 1 to 9, then letters (not q, j or k, which leave
    /// and move), so that a presenter's folder of many storyboards has a key for each.
    static let keys: [Character] = Array("123456789abcdefghilmnoprstuvwxyz")

    /// The height of the last frame drawn, where a click is found.
    private var lastHeight = 24

    /// The first row of the list at `height` rows.
    private static func top(count: Int, height: Int) -> Int { max(0, (height - (count + 6)) / 2) + 4 }

    private static func row(of y: Int, count: Int, height: Int) -> Int? {
        let index = y - top(count: count, height: height)
        return index >= 0 && index < count ? index : nil
    }

    public func render(size: Size, theme: Theme) -> CellBuffer {
        lastHeight = size.height
        var buffer = CellBuffer(size: size)
        let top = Self.top(count: items.count, height: size.height)
        let titleWidth = min(24, items.map(\.title.terminalWidth).max() ?? 0)
        let left = max(1, (size.width - min(size.width - 2, 4 + titleWidth + 2 + (items.map(\.detail.terminalWidth).max() ?? 0))) / 2)
        func line(_ text: String, _ y: Int, _ style: Style, x: Int = left) {
            guard y >= 0, y < size.height else { return }
            buffer.put(theme.display(text).truncated(toWidth: max(0, size.width - x - 1), ellipsis: theme.glyphs.ellipsis), at: Point(x: x, y: y), style: style)
        }
        line("wallet serve: a workshop on unwind segues", top - 4, theme.title)
        line("Pick what to run: ↑ ↓ and Enter, or its key. q leaves.", top - 2, theme.secondaryText)
        for (index, item) in items.enumerated() {
            let number = index < Self.keys.count ? String(Self.keys[index]) : " "
            let title = item.title.truncated(toWidth: titleWidth, ellipsis: theme.glyphs.ellipsis)
            let padded = title + String(repeating: " ", count: max(0, titleWidth - title.terminalWidth))
            line("\(number)  \(padded)  \(item.detail)", top + index, index == selected ? theme.focused : theme.text)
        }
        if let message { line(message, top + items.count + 1, theme.error) }
        if let audience { line(audience, top + items.count + (message == nil ? 1 : 3), theme.secondaryText) }
        return buffer
    }
}
