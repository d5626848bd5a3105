/// A key press, as the app sees it whatever the terminal sent.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
    /// A letter typed with Control held: `.control("c")` is Ctrl-C.
    case control(Character)
    /// The terminal changed size; the app lays itself out again.
    case resize
    /// The mouse's first button clicked at a cell (column and row from 0 at the top-left), where
    /// the terminal reports clicks; `<click X Y>` in a key script.
    case click(Point)
    /// The mouse's first button let go at a cell: with the click before it, a drag (a sheet's
    /// grabber pulled down); `<release X Y>` in a key script.
    case release(Point)

    public var description: String { KeyNotation.format(self) }
}
