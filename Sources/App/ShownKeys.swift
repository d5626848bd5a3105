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
        case .release: return "release"
        default: return String(KeyNotation.format(key).filter { $0 != "<" && $0 != ">" })
        }
    }

    /// The newest keys that fit in `room` columns with a blank each side, the oldest left out
    /// whole; nil when none was pressed or not even the newest fits.
    func text(room: Int, glyphs: Glyphs) -> String? {
        var names = keys.map { Self.name(of: $0, glyphs: glyphs) }[...]
        while let _ = names.first, names.joined(separator: " ").terminalWidth + 2 > room { names.removeFirst() }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }
}
