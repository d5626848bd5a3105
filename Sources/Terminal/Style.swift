/// The eight ANSI colours plus the terminal's own default, which every terminal can show.
public enum Color: Hashable, Sendable, CaseIterable {
    case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// Text attributes a terminal can combine.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let underline = Attributes(rawValue: 1 << 2)
    public static let reverse = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
    public static let plain = Style()

    /// The same style without colours, for terminals (or users, through NO_COLOR) that want none.
    public var monochrome: Style { Style(attributes: attributes) }

    /// The style drawn as dimmed, for content underneath a modal window.
    public var dimmed: Style {
        var style = self
        style.attributes.insert(.dim)
        style.attributes.remove(.bold)
        style.attributes.remove(.reverse)
        return style
    }
}
