/// What the terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
    /// UTF-8 output: box drawing and symbols; otherwise plain ASCII.
    public var unicode: Bool
    /// Colours; off on monochrome terminals (`NO_COLOR` and `--theme mono` turn them off in the theme).
    public var color: Bool
    public init(unicode: Bool, color: Bool) { self.unicode = unicode; self.color = color }
}

/// One changed cell to write to the terminal.
public struct CellChange: Hashable, Sendable {
    public var point: Point
    public var cell: Cell
    public init(point: Point, cell: Cell) { self.point = point; self.cell = cell }
}

/// A terminal the app draws on and reads keys from. The ncurses backend is the real one;
/// `MemoryTerminal` stands in for it in tests and in headless runs.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    var capabilities: TerminalCapabilities { get }
    /// Writes the changed cells, places the cursor (hidden when nil) and shows the result.
    func draw(_ changes: [CellChange], cursor: Point?)
    /// Waits for a key for at most `timeout` seconds (for ever when nil); nil when none came.
    func readKey(timeout: Double?) -> Key?
    /// Waits for an event as `readKey` waits for a key; a terminal that watches a descriptor
    /// too (the follower's) says when it has input (`Event.readable`). nil when none came.
    func readEvent(timeout: Double?) -> Event?
    /// True once the process was asked to stop (SIGTERM, SIGHUP): the app leaves its loop.
    var shouldTerminate: Bool { get }
    /// Ctrl-Z: gives the terminal back to the shell and stops, as vim and less do; returns once
    /// the shell continued the app (`fg`), which then draws its whole screen again.
    func suspend()
}

/// A terminal whose size the app can set, as a script's `<resize WxH>` asks: only one in memory.
public protocol ResizableTerminal: TerminalBackend {
    func resize(to size: Size)
}

extension TerminalBackend {
    public func readEvent(timeout: Double?) -> Event? { readKey(timeout: timeout).map(Event.init) }
}
