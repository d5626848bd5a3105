/// A terminal in memory: the screen is a cell buffer, keys come from a queue. Tests and
/// `wallet --headless` run the whole app on it.
public final class MemoryTerminal: ResizableTerminal {
    public var size: Size {
        didSet { screen = CellBuffer(size: size) }
    }
    public var capabilities: TerminalCapabilities
    public private(set) var screen: CellBuffer
    public private(set) var cursor: Point?
    /// Cells written by each `draw`, oldest first.
    public private(set) var writes: [Int] = []
    public var pendingKeys: [Key] = []
    public var shouldTerminate = false
    /// How many times the app suspended itself (Ctrl-Z); a memory terminal has no shell to stop for.
    public private(set) var suspensions = 0

    public init(size: Size, capabilities: TerminalCapabilities = TerminalCapabilities(unicode: true, color: false)) {
        self.size = size
        self.capabilities = capabilities
        screen = CellBuffer(size: size)
    }

    public func draw(_ changes: [CellChange], cursor: Point?) {
        for change in changes { screen[change.point.x, change.point.y] = change.cell }
        self.cursor = cursor
        writes.append(changes.count)
    }

    public func suspend() { suspensions += 1 }

    /// The screen is blank at the new size, as a real terminal's after a resize until redrawn.
    public func resize(to size: Size) { self.size = size }

    public func readKey(timeout: Double?) -> Key? {
        pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    /// The screen as plain text, as a person would read it.
    public var text: String { screen.text }
}
