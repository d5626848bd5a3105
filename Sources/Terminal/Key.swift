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

    public var description: String { KeyNotation.format(self) }
}
