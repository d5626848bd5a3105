import Terminal

/// The styles of the interface, by meaning. Colour is one accent and one warning colour, like
/// iOS's tint and destructive red; without colour the attributes alone carry the meaning.
public struct Theme: Sendable {
    public let glyphs: Glyphs
    public let usesColor: Bool

    public init(capabilities: TerminalCapabilities) {
        glyphs = Glyphs.forTerminal(capabilities)
        usesColor = capabilities.color
    }

    private func style(_ style: Style) -> Style { usesColor ? style : style.monochrome }

    /// Text as this terminal can show it: unchanged on UTF-8 terminals; elsewhere the few
    /// symbols the app uses are spelled in ASCII, and anything else becomes "?", as ncurses
    /// would print it, but with the columns known in advance.
    public func display(_ text: String) -> String {
        guard glyphs == .ascii, text.contains(where: { !$0.isASCII }) else { return text }
        var result = ""
        for character in text {
            if character.isASCII { result.append(character) } else { result += Self.asciiSpellings[character] ?? "?" }
        }
        return result
    }

    private static let asciiSpellings: [Character: String] = [
        "…": "...", "€": "EUR", "‹": "<", "›": ">", "↑": "Up", "↓": "Down", "←": "Left", "→": "Right",
        "–": "-", "—": "-", "−": "-", "’": "'", "‘": "'", "“": "\"", "”": "\"", "\u{00A0}": " ", "\u{202F}": " ",
        "✓": "*", "é": "e", "è": "e", "ë": "e", "ü": "u", "ö": "o", "ä": "a",
    ]

    public var text: Style { .plain }
    public var secondaryText: Style { style(Style(attributes: .dim)) }
    public var title: Style { style(Style(attributes: .bold)) }
    public var placeholder: Style { style(Style(attributes: .dim)) }
    public var tint: Style { style(Style(foreground: .blue)) }
    public var disabled: Style { style(Style(attributes: .dim)) }
    public var focused: Style { style(Style(attributes: [.reverse, .bold])) }
    /// A selected row when its table does not have focus.
    public var selected: Style { style(Style(attributes: .underline)) }
    public var error: Style { style(Style(foreground: .red, attributes: .bold)) }
    public var border: Style { style(Style(foreground: .default)) }
    public var field: Style { style(Style(attributes: .underline)) }
    public var footer: Style { style(Style(attributes: .dim)) }
}
