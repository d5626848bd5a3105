/// One cell of the terminal: a character and its style.
///
/// A character two columns wide occupies its own cell and the next one, which holds a
/// `continuation` marker so that the grid stays aligned with what the terminal shows.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
    }
    public static let blank = Cell()
    /// Stands in the second column of a wide character; backends skip it.
    public static let continuation = Cell("\u{0}")
    public var isContinuation: Bool { character == "\u{0}" }
}
