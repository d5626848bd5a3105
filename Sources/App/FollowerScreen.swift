import Terminal
import Views

/// What a follower of `wallet serve` sees (`ssh watch@HOST`): the presenter's screen, as the
/// presenter's app drew it, on a terminal of the follower's own size. Larger than the
/// presenter's: centred, and a line under it says whose screen it is. Smaller: the part around
/// the presenter's cursor (the top-left part when it is hidden), never a garbled or reflowed screen, and
/// the bottom row says so and how to see it all. Before the first frame, and after the last, a
/// line says what the follower waits for.
public struct FollowerScreen {
    public enum State: Hashable, Sendable {
        /// No frame yet: the presenter has not joined, or has drawn nothing.
        case waiting
        case following(SharedFrame)
        /// The presenter's session ended; its last frame stays.
        case ended(SharedFrame?)
    }

    public var state: State = .waiting

    public init() {}

    /// The follower's frame at `size`, and where the cursor goes (where the presenter's is, when shown).
    public func render(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?) {
        var buffer = CellBuffer(size: size)
        guard size.width > 0, size.height > 0 else { return (buffer, nil) }
        let frame: SharedFrame?
        let note: String
        switch state {
        case .waiting:
            frame = nil
            note = "Waiting for the presenter's screen · q leaves"
        case .following(let shown):
            frame = shown
            note = "Following the presenter · q leaves"
        case .ended(let last):
            frame = last
            note = "The presenter's session has ended · q leaves"
        }
        guard let frame else {
            let text = theme.display(note).truncated(toWidth: size.width, ellipsis: theme.glyphs.ellipsis)
            buffer.put(text, at: Point(x: max(0, (size.width - text.terminalWidth) / 2), y: size.height / 2), style: theme.secondaryText)
            return (buffer, nil)
        }
        let shown = frame.buffer.size
        let fits = shown.width <= size.width && shown.height <= size.height
        // The rows the presenter's screen may take: all of them when it fits, else all but the note's.
        let area = Size(width: size.width, height: fits ? size.height : max(0, size.height - 1))
        let origin = Point(x: Self.offset(shown: shown.width, room: area.width, around: frame.cursor?.x),
                           y: Self.offset(shown: shown.height, room: area.height, around: frame.cursor?.y))
        var source = frame.buffer
        if !theme.usesColor { source.restyle(source.bounds) { $0.monochrome } }
        buffer.draw(source, at: origin, clip: Rect(origin: .zero, size: area))
        let line: String? = if fits {
            shown.height < size.height ? note : nil
        } else {
            "Part of the presenter's \(shown): enlarge this \(size) · q leaves"
        }
        if let line {
            let text = theme.display(line).truncated(toWidth: size.width, ellipsis: theme.glyphs.ellipsis)
            buffer.put(text, at: Point(x: max(0, (size.width - text.terminalWidth) / 2), y: size.height - 1),
                       style: fits ? theme.footer : theme.error)
        }
        let cursor = frame.cursor.map { Point(x: $0.x + origin.x, y: $0.y + origin.y) }
            .flatMap { $0.x >= 0 && $0.y >= 0 && $0.x < area.width && $0.y < area.height ? $0 : nil }
        return (buffer, cursor)
    }

    /// Where a screen `shown` cells long starts in `room` cells: centred when it fits; else
    /// placed so that `around` (the cursor) is as near the middle of the room as the edges
    /// allow, or, with no cursor, from the start, where a screen's title and first rows are.
    static func offset(shown: Int, room: Int, around: Int?) -> Int {
        if shown <= room { return (room - shown) / 2 }
        guard let around else { return 0 }
        return -min(max(0, around - room / 2), shown - room)
    }
}
