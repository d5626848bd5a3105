/// Shows frames on a backend, writing only the cells that changed since the last frame:
/// moving a selection down one row rewrites two rows, not the screen.
public final class Renderer {
    public let backend: TerminalBackend
    private var shown: CellBuffer?
    /// Cells written by the last `show`: what a test reads to check that a small change stays small.
    package private(set) var lastChangeCount = 0

    public init(backend: TerminalBackend) { self.backend = backend }

    /// Forget what is on screen, so that the next frame is written whole (after a resize).
    public func invalidate() { shown = nil }

    public func show(_ frame: CellBuffer, cursor: Point?) {
        var changes: [CellChange] = []
        if let shown, shown.size == frame.size {
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width where frame[x, y] != shown[x, y] {
                    changes.append(CellChange(point: Point(x: x, y: y), cell: frame[x, y]))
                }
            }
        } else {
            changes.reserveCapacity(frame.cells.count)
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width {
                    changes.append(CellChange(point: Point(x: x, y: y), cell: frame[x, y]))
                }
            }
        }
        lastChangeCount = changes.count
        shown = frame
        backend.draw(changes, cursor: cursor)
    }
}
