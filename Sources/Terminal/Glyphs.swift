/// The characters used to draw frames and symbols: box drawing on UTF-8 terminals, ASCII
/// elsewhere, so that a terminal with another encoding still shows clean lines.
public struct Glyphs: Hashable, Sendable {
    public var horizontal, vertical: Character
    public var topLeft, topRight, bottomLeft, bottomRight: Character
    public var teeLeft, teeRight: Character
    /// Where two lines cross: a rule meeting a divider from both sides.
    public var cross: Character = "+"
    public var disclosure: String
    public var back: String
    public var ellipsis: String
    public var shade: Character
    /// Before "3 more" where rows are hidden above or below.
    public var up, down: String
    /// A sheet's card: its rounded top corners, and the grabber centred on its top edge, which
    /// the user drags down (as on iOS).
    public var cardTopLeft: Character = "╭"
    public var cardTopRight: Character = "╮"
    public var grabber = "━━━━━"
    /// Before a menu's command that is on (a pop-up button's selection).
    public var check = "✓"

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        teeLeft: "├", teeRight: "┤", cross: "┼", disclosure: "›", back: "‹", ellipsis: "…", shade: "░",
        up: "↑", down: "↓"
    )
    public static let ascii = Glyphs(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeLeft: "+", teeRight: "+", cross: "+", disclosure: ">", back: "<", ellipsis: "...", shade: " ",
        up: "^", down: "v", cardTopLeft: "+", cardTopRight: "+", grabber: "=====", check: "*"
    )

    public static func forTerminal(_ capabilities: TerminalCapabilities) -> Glyphs {
        capabilities.unicode ? .unicode : .ascii
    }
}
