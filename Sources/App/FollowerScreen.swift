import SessionProtocol
import Terminal
import Views

/// What a follower of `wallet serve` sees (`ssh watch@HOST`): the presenter's screen, as the
/// presenter's app drew it, on a terminal of the follower's own size. Larger than the
/// presenter's: centred, and a line under it says whose screen it is. Smaller: the part around
/// the presenter's focused control (else the cursor, else the top-left part), never a garbled or
/// reflowed screen; the arrows pan to another part and Home follows the focus again, and the
/// bottom row says so. Before the first frame, and after the last, a
/// line says what the follower waits for. Its keys go up a responder chain of its own
/// (`keyCommands`): q, Esc, Ctrl-C and Ctrl-D leave.
@MainActor
public final class FollowerScreen: Responder {
    public enum State: Hashable, Sendable {
        /// No frame yet: the presenter has not joined, or has drawn nothing.
        case waiting
        case following(SharedFrame)
        /// The presenter's session ended; its last frame stays.
        case ended(SharedFrame?)
    }

    public var state: State = .waiting
    /// Where the follower has panned to, with the arrows, in a presenter's screen larger than
    /// theirs: the top-left cell shown. Nil while it follows the presenter's focus.
    public private(set) var pan: Point?
    /// Where the follower panned to showed something in the last frame drawn.
    private var panShowedSomething = false

    public init() {}

    /// How far an arrow pans: a quarter of the follower's side, at least 1.
    static func step(_ room: Int) -> Int { max(1, room / 4) }

    /// Whether the follower asked to leave (q, Esc, Ctrl-C, Ctrl-D).
    public private(set) var wantsToLeave = false

    /// The follower's terminal size the keys pan in.
    private var size = Size(width: 80, height: 24)

    /// Handles a key on a terminal of `size`; true when it did something.
    @discardableResult
    public func handle(_ key: Key, size: Size) -> Bool {
        self.size = size
        return ResponderChain([self]).send(key)
    }

    /// The arrows pan a screen larger than the follower's terminal, from where it shows now;
    /// Home goes back to following the presenter's focus; q, Esc, Ctrl-C and Ctrl-D leave.
    public var keyCommands: [KeyCommand] { Self.commands }
    private static let commands = KeyBindings.commands(in: .follower)

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .quit, .top: true
        case .panLeft, .panRight, .lineUp, .lineDown: shownFrame.map { !Self.area($0.buffer.size, in: size).fits } ?? false
        default: false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        guard action != .quit else {
            wantsToLeave = true
            return
        }
        guard action != .top else {
            pan = nil
            return
        }
        guard let frame = shownFrame else { return }
        let area = Self.area(frame.buffer.size, in: size)
        let origin = pan ?? Self.origin(of: frame, in: area.size)
        var x = origin.x, y = origin.y
        switch action {
        case .panLeft: x -= Self.step(area.size.width)
        case .panRight: x += Self.step(area.size.width)
        case .lineUp: y -= Self.step(area.size.height)
        case .lineDown: y += Self.step(area.size.height)
        default: return
        }
        let shown = frame.buffer.size
        pan = Point(x: min(max(0, x), max(0, shown.width - area.size.width)), y: min(max(0, y), max(0, shown.height - area.size.height)))
    }

    private var shownFrame: SharedFrame? {
        switch state {
        case .waiting: nil
        case .following(let frame): frame
        case .ended(let frame): frame
        }
    }

    /// The rows the presenter's screen may take: all of them when it fits, else all but the note's.
    private static func area(_ shown: Size, in size: Size) -> (size: Size, fits: Bool) {
        let fits = shown.width <= size.width && shown.height <= size.height
        return (Size(width: size.width, height: fits ? size.height : max(0, size.height - 1)), fits)
    }

    /// The top-left cell of the presenter's screen shown in `area` when following: around the
    /// focused control, else the cursor, else from the top-left.
    private static func origin(of frame: SharedFrame, in area: Size) -> Point {
        let shown = frame.buffer.size
        let center = frame.focus.map { Point(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2) } ?? frame.cursor
        return Point(x: -offset(shown: shown.width, room: area.width, around: center?.x),
                     y: -offset(shown: shown.height, room: area.height, around: center?.y))
    }

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
        let (area, fits) = Self.area(shown, in: size)
        // Centred when it fits; else the part around the focus, or where the follower panned.
        let origin: Point
        if fits {
            origin = Point(x: Self.offset(shown: shown.width, room: area.width, around: nil),
                           y: Self.offset(shown: shown.height, room: area.height, around: nil))
        } else {
            var topLeft = pan.map { Point(x: min($0.x, max(0, shown.width - area.width)), y: min($0.y, max(0, shown.height - area.height))) }
            // Panned to where something showed and nothing does any more (the presenter closed
            // the inspector there: issue 47), the follower follows the focus again; panned into
            // blank space by its own arrows, it stays.
            if let corner = topLeft {
                let blank = Self.isBlank(frame.buffer, in: Rect(origin: corner, size: area))
                if blank, panShowedSomething {
                    pan = nil
                    topLeft = nil
                }
                panShowedSomething = !blank
            }
            let corner = topLeft ?? Self.origin(of: frame, in: area)
            origin = Point(x: -corner.x, y: -corner.y)
        }
        var source = frame.buffer
        if !theme.usesColor { source.restyle(source.bounds) { $0.monochrome } }
        buffer.draw(source, at: origin, clip: Rect(origin: .zero, size: area))
        let line: String? = if fits {
            shown.height < size.height ? note : nil
        } else {
            pan == nil ? "Part of \(shown), following the focus · arrows pan · q leaves"
                : "Part of \(shown) · arrows pan · Home follows focus · q leaves"
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
    /// Whether `rect` of `buffer` shows no character.
    static func isBlank(_ buffer: CellBuffer, in rect: Rect) -> Bool {
        for y in max(0, rect.y)..<min(buffer.size.height, rect.maxY) {
            for x in max(0, rect.x)..<min(buffer.size.width, rect.maxX) where buffer[x, y].character != " " { return false }
        }
        return true
    }

    static func offset(shown: Int, room: Int, around: Int?) -> Int {
        if shown <= room { return (room - shown) / 2 }
        guard let around else { return 0 }
        return -min(max(0, around - room / 2), shown - room)
    }
}
