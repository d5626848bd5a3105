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
    /// Who is watching, under `wallet serve` (`3 following · 12 sessions`): drawn at the right
    /// end of the top row, or else of the bottom row, where that end is blank; never over the
    /// app's own text.
    public var audience: String?

    public init() {}

    func keyPressed(_ key: Key) { shownKeys?.add(key) }

    public func handle(_ key: Key, in app: Application) -> Bool { false }

    public func compose(size: Size, theme: Theme, app: (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        var frame = app(size)
        guard size.height >= ScreenRenderer.minimumSize.height, size.width >= ScreenRenderer.minimumSize.width else { return frame }
        if let keys = scriptKeys() { ScreenRenderer.drawFooter(keys, in: Rect(x: 0, y: 0, width: size.width, height: size.height), theme: theme,
                                                               buffer: &frame.buffer) }
        if let caption { Caption(text: caption, noteRoom: noteRoom).draw(on: &frame.buffer, theme: theme) }
        shownKeys?.draw(on: &frame.buffer, theme: theme)
        if let audience { Self.draw(audience: theme.display(audience), on: &frame.buffer, theme: theme) }
        return frame
    }

    private static func draw(audience: String, on buffer: inout CellBuffer, theme: Theme) {
        let width = audience.terminalWidth
        let x = buffer.size.width - width - 1
        guard x > 0 else { return }
        for y in [0, buffer.size.height - 1] where (x - 1..<buffer.size.width).allSatisfy({ buffer[$0, y].character == " " }) {
            buffer.put(audience, at: Point(x: x, y: y), style: theme.secondaryText)
            return
        }
    }

    public func appSize(in size: Size) -> Size { size }

    public func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)? { (Rect(origin: .zero, size: size), nil) }

    public func endTurn() {}
}
