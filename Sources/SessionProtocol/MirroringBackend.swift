import Terminal

/// A terminal that also sends every frame it shows, whole, as a `SharedFrame`: the presenter's
/// app under `wallet serve`, whose frames the followers draw (docs/serving.md). Keys, size and
/// everything else are the base terminal's.
public final class MirroringBackend: TerminalBackend {
    public let base: TerminalBackend
    private let send: ([UInt8]) -> Void
    /// What the base terminal shows: the changes drawn so far, applied.
    public private(set) var frame: SharedFrame

    /// `send` gets each frame's bytes (`SharedFrame.encoded`), in order.
    public init(base: TerminalBackend, send: @escaping ([UInt8]) -> Void) {
        self.base = base
        self.send = send
        frame = SharedFrame(buffer: CellBuffer(size: base.size), cursor: nil)
    }

    public var size: Size { base.size }
    public var capabilities: TerminalCapabilities { base.capabilities }
    public var shouldTerminate: Bool { base.shouldTerminate }
    public func readKey(timeout: Double?) -> Key? { base.readKey(timeout: timeout) }
    public func readEvent(timeout: Double?) -> Event? { base.readEvent(timeout: timeout) }
    public func suspend() { base.suspend() }

    /// Where the focused control is, asked at each frame (the app sets it).
    public var focus: () -> Rect? = { nil }
    /// Cells the followers are sent in place of what the terminal shows there: what lies under
    /// a panel only the presenter sees (the room's question, which each follower draws its own
    /// of), asked at each frame (the app sets it).
    public var beneath: () -> (origin: Point, cells: CellBuffer)? = { nil }
    /// The part of the terminal the app is laid out in, when not all of it (`--window-size
    /// smallest`): followers are sent that part alone, asked at each frame (the app sets it).
    public var laidOut: () -> Size? = { nil }

    public func draw(_ changes: [CellChange], cursor: Point?) {
        base.draw(changes, cursor: cursor)
        frame.focus = focus()
        // A frame of another size comes whole (`Renderer`): it starts from blank.
        if frame.buffer.size != base.size { frame.buffer = CellBuffer(size: base.size) }
        for change in changes { frame.buffer[change.point.x, change.point.y] = change.cell }
        frame.cursor = cursor
        let part = laidOut().flatMap { $0.width < base.size.width || $0.height < base.size.height ? $0 : nil }
        let patch = beneath()
        guard part != nil || patch != nil else { return send(frame.encoded) }
        var shared = frame
        if let (origin, cells) = patch {
            for y in 0..<cells.size.height where origin.y + y < shared.buffer.size.height {
                for x in 0..<cells.size.width where origin.x + x < shared.buffer.size.width {
                    shared.buffer[origin.x + x, origin.y + y] = cells[x, y]
                }
            }
        }
        if let part {
            let size = Size(width: min(part.width, base.size.width), height: min(part.height, base.size.height))
            var cropped = CellBuffer(size: size)
            for y in 0..<size.height { for x in 0..<size.width { cropped[x, y] = shared.buffer[x, y] } }
            shared.buffer = cropped
            if let point = shared.cursor, point.x >= size.width || point.y >= size.height { shared.cursor = nil }
        }
        send(shared.encoded)
    }
}
