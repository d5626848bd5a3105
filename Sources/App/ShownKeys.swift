import Terminal
import Views

/// `--show-keys`: the last keys pressed, drawn at the right end of the keys' row for the
/// audience, as screencasting tools show keystrokes: `n ↓ ↓ Enter 1 2`. The presenter's keys
/// and those a playing script types alike.
public final class ShownKeys {
    /// The most keys shown: the newest on the right.
    public static let count = 8
    public private(set) var keys: [Key] = []

    public init() {}

    func add(_ key: Key) {
        guard key != .resize else { return }
        keys.append(key)
        if keys.count > Self.count { keys.removeFirst(keys.count - Self.count) }
    }

    /// How the audience reads a key: arrows as arrows, names for the rest.
    static func name(of key: Key, glyphs: Glyphs) -> String {
        let unicode = glyphs == .unicode
        switch key {
        case .up: return unicode ? "↑" : "Up"
        case .down: return unicode ? "↓" : "Down"
        case .left: return unicode ? "←" : "Left"
        case .right: return unicode ? "→" : "Right"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .function(let number): return "F\(number)"
        case .control(let character): return "Ctrl-\(character.uppercased())"
        case .click: return "click"
        default: return String(KeyNotation.format(key).filter { $0 != "<" && $0 != ">" })
        }
    }

    func draw(on buffer: inout CellBuffer, theme: Theme) {
        guard !keys.isEmpty, buffer.size.height >= 2 else { return }
        var text = keys.map { Self.name(of: $0, glyphs: theme.glyphs) }.joined(separator: " ")
        let room = buffer.size.width / 2
        while text.terminalWidth + 2 > room, let space = text.firstIndex(of: " ") { text = String(text[text.index(after: space)...]) }
        let shown = " \(text) "
        let x = max(0, buffer.size.width - shown.terminalWidth)
        buffer.put(shown, at: Point(x: x, y: buffer.size.height - 1), style: theme.focused)
    }
}
