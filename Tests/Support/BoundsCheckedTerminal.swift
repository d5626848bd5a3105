import Terminal

/// A terminal that notes every cell and cursor written outside it, and shows the rest on a
/// `MemoryTerminal`: what the random walks check after every step.
public final class BoundsCheckedTerminal: TerminalBackend {
    public let inner: MemoryTerminal
    public private(set) var problems: [String] = []

    public init(_ inner: MemoryTerminal) { self.inner = inner }

    public var size: Size { inner.size }
    public var capabilities: TerminalCapabilities { inner.capabilities }
    public var shouldTerminate: Bool { inner.shouldTerminate }

    public func draw(_ changes: [CellChange], cursor: Point?) {
        let bounds = Rect(origin: .zero, size: inner.size)
        if let outside = changes.first(where: { !bounds.contains($0.point) }) {
            problems.append("a cell written at \(outside.point.x),\(outside.point.y), outside the \(inner.size.width)x\(inner.size.height) terminal")
        }
        if let cursor, !bounds.contains(cursor) {
            problems.append("the cursor at \(cursor.x),\(cursor.y), outside the terminal")
        }
        inner.draw(changes, cursor: cursor)
    }

    public func readKey(timeout: Double?) -> Key? { inner.readKey(timeout: timeout) }
    public func suspend() { inner.suspend() }
}
