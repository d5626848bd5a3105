import Terminal
import Views

/// What the presenter shows the room over the app, outermost of the layers: while `--play`
/// plays, the presenter's keys on the keys' row in place of the app's (which the player
/// ignores); a script's caption (`#> text`); and the keys pressed (`--show-keys`). Drawn over
/// the frame the other layers compose, so that a transition never moves them and the inspector's
/// footer never covers them.
@MainActor
public final class PresenterOverlay: AppLayer {
    /// The caption on screen, until the next one.
    public internal(set) var caption: String?
    /// The last keys pressed, when they are shown (`--show-keys`).
    public var shownKeys: ShownKeys?
    /// The keys the presenter has while a script plays, nil when none plays: they replace the
    /// app's own on the keys' row.
    public var scriptKeys: () -> [String]? = { nil }
    /// Columns at the right end of the last row left to the notes of a script playing, which
    /// no caption text goes under.
    public var noteRoom = 0
    /// Who is watching, under `wallet serve` (`3 following · smallest 80x24 · 12 sessions`):
    /// drawn at the right end of the top row, or else of the bottom row, where that end is blank;
    /// never over the app's own text.
    public var audience: String?
    /// How far the room has got with the served exercises (`exercise 3: 18 of 30 done`), after
    /// the following count: the sizes and sessions yield before it when the row is short.
    public var exercises: String?
    /// A notice for the presenter (`Application.show(notice:)`), across the top row, while
    /// `noticeHolds` says so of the frame's size when it is given.
    public internal(set) var notice: String?
    var noticeHolds: ((Size) -> Bool)?

    public init() {}

    func keyPressed(_ key: Key) { shownKeys?.add(key) }

    public var holdsKeys: Bool { false }

    public func compose(size: Size, theme: Theme, app: (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        var frame = app(size)
        guard size.height >= ScreenRenderer.minimumSize.height, size.width >= ScreenRenderer.minimumSize.width else { return frame }
        // The last row from the right: the player's notes (while a script plays), the keys shown,
        // then the caption or the footer. Each has its own columns; what does not fit yields
        // whole: the keys drop their oldest, then go, before a caption is cut; a hint under the
        // keys goes whole rather than be cut mid-word (issue 32).
        let scriptHints = scriptKeys()
        let notes = scriptHints != nil && size.width - noteRoom >= Caption.minimumRoom ? noteRoom : 0
        if let scriptHints {
            let row = size.height - 1
            frame.buffer.fill(Rect(x: 0, y: row, width: size.width, height: 1))
            ScreenRenderer.drawFooter(scriptHints, in: Rect(x: 0, y: 0, width: size.width - notes, height: size.height), theme: theme,
                                      buffer: &frame.buffer)
            frame.buffer.fill(Rect(x: size.width - notes, y: row, width: notes, height: 1))
        }
        var keys = shownKeys?.text(room: (size.width - notes) / 2, glyphs: theme.glyphs)
        if let caption {
            let keysWidth = keys.map { $0.terminalWidth + 3 } ?? 0
            var drawn = Caption(text: caption, noteRoom: notes + keysWidth)
            if keys != nil, !drawn.fits(width: size.width, theme: theme) {
                keys = nil
                drawn = Caption(text: caption, noteRoom: notes)
            }
            drawn.draw(on: &frame.buffer, theme: theme)
        }
        if let keys {
            let shown = " \(keys) "
            let x = size.width - notes - shown.terminalWidth
            // A caption has left them room; a footer yields it.
            if caption == nil { Self.yield(row: size.height - 1, from: x - 1, to: size.width - notes, in: &frame.buffer) }
            frame.buffer.put(shown, at: Point(x: x, y: size.height - 1), style: theme.focused)
        }
        // The exercises after who follows, before the sizes and the sessions, which yield first.
        var room = audience?.split(separator: " · ", omittingEmptySubsequences: false).map(String.init) ?? []
        if let exercises { room.insert(exercises, at: min(1, room.count)) }
        if !room.isEmpty { Self.draw(audience: theme.display(room.joined(separator: " · ")), on: &frame.buffer, theme: theme) }
        if let holds = noticeHolds, !holds(size) {
            notice = nil
            noticeHolds = nil
        }
        if let notice {
            // Whole words, as many as fit; the rest cut with an ellipsis at a word.
            let text = Caption.rows(of: theme.display(notice), widths: [size.width - 2], ellipsis: theme.glyphs.ellipsis).first ?? ""
            frame.buffer.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: Cell(" ", style: theme.focused))
            frame.buffer.put(text, at: Point(x: 1, y: 0), style: theme.focused)
        }
        return frame
    }

    /// Blanks, on `row`, every run of text that reaches into the columns `from..<to` (runs are
    /// apart where two blanks or more part them, as the footer's hints are), so that what yields
    /// its place to another layer goes whole. A caption's reverse-video band is not text.
    static func yield(row y: Int, from start: Int, to end: Int, in buffer: inout CellBuffer) {
        let width = buffer.size.width
        let start = max(0, start), end = min(width, end)
        guard start < end else { return }
        func isBlank(_ x: Int) -> Bool { buffer[x, y].character == " " }
        var left = start
        // Back to the start of the run the first column is in (a single blank, between two words
        // of one hint such as "Tab focus", is in it), and on to the end of the run the last one is in.
        if !isBlank(left) || (left > 0 && !isBlank(left - 1)) {
            while left > 0, !(isBlank(left - 1) && (left < 2 || isBlank(left - 2))) { left -= 1 }
        }
        var right = end
        while right < width, !(isBlank(right) && (right + 1 >= width || isBlank(right + 1))) { right += 1 }
        buffer.fill(Rect(x: left, y: y, width: right - left, height: 1))
    }

    /// The counts where a blank end of the top or bottom row holds them; when none holds them
    /// whole, their last parts (` · `) yield, the following count last: it always has a place
    /// when some row ends in enough blanks (issue 32: it vanished behind the inspector's title).
    private static func draw(audience: String, on buffer: inout CellBuffer, theme: Theme) {
        var parts = audience.split(separator: " · ", omittingEmptySubsequences: false).map(String.init)
        while !parts.isEmpty {
            let text = parts.joined(separator: " · ")
            let x = buffer.size.width - text.terminalWidth - 1
            if x > 0 {
                for y in [0, buffer.size.height - 1] where (x - 1..<buffer.size.width).allSatisfy({ buffer[$0, y].character == " " }) {
                    buffer.put(text, at: Point(x: x, y: y), style: theme.secondaryText)
                    return
                }
            }
            parts.removeLast()
        }
    }

    public func appSize(in size: Size) -> Size { size }

    public func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)? { (Rect(origin: .zero, size: size), nil) }

    public func endTurn() {}
}
