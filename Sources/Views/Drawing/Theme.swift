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
