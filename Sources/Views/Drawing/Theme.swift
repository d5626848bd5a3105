import Terminal

/// The styles of the interface, by meaning. Colour is one accent and one warning colour, like
/// iOS's tint and destructive red; without colour the attributes alone carry the meaning.
///
/// Three appearances (`--theme`): `default`; `highContrast` for projectors and bright rooms, where
/// dim text washes out: nothing is dim (secondary text, placeholders, hints, disabled items and
/// the screen under a sheet are drawn at normal intensity), the accent is bold, and colours are
/// only the terminal's own foreground and red, which read on a light or a dark background;
/// `mono`, the default's attributes without any colour (what `NO_COLOR` asks for).
public struct Theme: Sendable {
    public enum Appearance: String, Sendable, CaseIterable {
        case `default`
        case highContrast = "high-contrast"
        case mono

        /// The appearance to draw with: the one asked for (`--theme`) wins over `NO_COLOR`, as
        /// no-color.org asks of command-line options; a non-empty `NO_COLOR` gives `mono`.
        public static func chosen(_ asked: Appearance?, environment: [String: String]) -> Appearance {
            if let asked { return asked }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .mono }
            return .default
        }
    }

    public let glyphs: Glyphs
    public let usesColor: Bool
    public let appearance: Appearance

    public init(capabilities: TerminalCapabilities, appearance: Appearance = .default) {
        glyphs = Glyphs.forTerminal(capabilities)
        usesColor = capabilities.color && appearance != .mono
        self.appearance = appearance
    }

    private var isHighContrast: Bool { appearance == .highContrast }

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
        "✓": "*", "·": "-", "é": "e", "è": "e", "ë": "e", "ü": "u", "ö": "o", "ä": "a",
    ]

    public var text: Style { .plain }
    public var secondaryText: Style { isHighContrast ? .plain : style(Style(attributes: .dim)) }
    public var title: Style { style(Style(attributes: .bold)) }
    /// A large title: bold and underlined, the most a terminal's one size of letters can say.
    public var largeTitle: Style { style(Style(attributes: [.bold, .underline])) }
    /// Told from typed text by italics where the terminal has them, never by dimness alone.
    public var placeholder: Style { isHighContrast ? Style(attributes: .italic) : style(Style(attributes: .dim)) }
    public var tint: Style { isHighContrast ? Style(attributes: .bold) : style(Style(foreground: .blue)) }
    /// Disabled items are told from enabled ones by not being bold (high contrast) or by dimness.
    public var disabled: Style { isHighContrast ? .plain : style(Style(attributes: .dim)) }
    public var focused: Style { style(Style(attributes: [.reverse, .bold])) }
    /// A selected row when its table does not have focus.
    public var selected: Style { style(Style(attributes: isHighContrast ? [.underline, .bold] : .underline)) }
    public var error: Style { style(Style(foreground: .red, attributes: isHighContrast ? [.bold, .underline] : .bold)) }
    public var border: Style { style(Style(foreground: .default)) }
    public var field: Style { style(Style(attributes: .underline)) }
    public var footer: Style { isHighContrast ? .plain : style(Style(attributes: .dim)) }

    /// A style of the screen under a sheet or an alert: dimmed, so that the eye goes to what is
    /// on top; in high contrast drawn plain instead (no bold, no reverse, no colour), so that it
    /// still reads on a projector yet gives way to the bold accents of the screen on top.
    public func underneath(_ style: Style) -> Style {
        guard isHighContrast else { return style.dimmed }
        var plain = style.monochrome
        plain.attributes.remove([.bold, .reverse, .dim])
        return plain
    }

    /// Every style above by name, for tests and for a look at a theme.
    public var namedStyles: [(name: String, style: Style)] {
        [("text", text), ("secondaryText", secondaryText), ("title", title), ("placeholder", placeholder),
         ("largeTitle", largeTitle), ("tint", tint), ("disabled", disabled), ("focused", focused), ("selected", selected), ("error", error),
         ("border", border), ("field", field), ("footer", footer)]
    }
}
