import Terminal
import Views

/// The first screen of an attendee's session under `wallet serve`: what there is to run (the
/// wallet, the segue catalog, each storyboard of the presenter's folder), picked with the arrows
/// and Enter, or by number; q leaves. When a choice ends, its session comes back here, with a line
/// saying how it ended when it did not end well, the cursor on it.
public struct LauncherScreen {
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

    /// `selected` is where the cursor starts (the last choice, when the menu comes back after it).
    public init(items: [Item], selected: Int = 0) {
        self.items = items
        self.selected = items.isEmpty ? 0 : min(max(0, selected), items.count - 1)
    }

    /// What a key does: nil to stay, else the index of the item to run, or `.leave`.
    public enum Outcome: Hashable, Sendable { case run(Int), leave }

    public mutating func handle(_ key: Key) -> Outcome? {
        // A resize is the terminal's, not the attendee's answer to the message: it stays (a
        // session resized while its app ran lost why the app ended, issue 32).
        if key != .resize { message = nil }
        switch key {
        case .up, .character("k"): selected = (selected + items.count - 1) % max(1, items.count)
        case .down, .character("j"), .tab: selected = (selected + 1) % max(1, items.count)
        case .home: selected = 0
        case .end: selected = max(0, items.count - 1)
        case .enter, .character(" "): return items.isEmpty ? nil : .run(selected)
        case .character("q"), .character("Q"), .escape, .control("c"), .control("d"): return .leave
        case .character(let character):
            if let index = Self.keys.prefix(items.count).firstIndex(of: Character(character.lowercased())) {
                selected = index
                return .run(selected)
            }
        case .click(let point):
            if let index = Self.row(of: point.y, count: items.count, height: lastHeight) {
                selected = index
                return .run(index)
            }
        default: break
        }
        return nil
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

    public mutating func render(size: Size, theme: Theme) -> CellBuffer {
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
        return buffer
    }
}
