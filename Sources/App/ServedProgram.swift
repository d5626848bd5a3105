import Terminal
import Views

/// A screen of a `wallet serve` session that is not the app: the session's menu
/// (`LauncherScreen`), a follower's view (`FollowerScreen`), the exercises' quiz. Keys in, a frame
/// out; the room's question is laid over it by `ServedProgram`, once for all of them.
@MainActor
public protocol ServedScreen: AnyObject {
    /// False ends the session's process.
    var isRunning: Bool { get }
    /// A key the room's question did not take, on a terminal of `size`.
    func handle(key: Key, size: Size)
    /// The screen at `size`, and where the cursor shows.
    func frame(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?)
}

/// A served screen in the event loop (issue 43: the menu, the follower and the quiz were each an
/// adaptor of their own). Each event reaches it: a key goes to the room's question first
/// (`RoomLayer.take`), then to the screen; a descriptor that woke the loop (`Event.readable`:
/// the room's messages, the presenter's counts, the presenter's frames) to the reader that
/// registered it, so no terminal wrapper reads on the side. Each turn ends with one frame, the
/// room's question over the screen.
@MainActor
public final class ServedProgram: EventHandling {
    public let screen: ServedScreen
    /// The room's question, when the server gives one.
    public var room: RoomLayer? {
        didSet {
            room?.explain = { [unowned self] in note = $0 }
            // What the word was about has changed (the answer revealed): the word goes.
            room?.changed = { [unowned self] in note = nil }
        }
    }
    /// What the room's question said of the last key (a letter refused), on the bottom row
    /// until the next key: the menu, the follower's view and the quiz have no status line of
    /// their own (issue 47: a watcher's refused letter said nothing).
    private var note: String?
    private let renderer: Renderer
    private let theme: Theme
    private var readers = DescriptorReaders()

    /// `renderer` draws each frame (on the terminal, and to followers for the presenter's).
    public init(screen: ServedScreen, renderer: Renderer, theme: Theme) {
        self.screen = screen
        self.renderer = renderer
        self.theme = theme
    }

    /// `read` runs each time the loop wakes because `descriptor` has something to read.
    public func read(_ descriptor: Int32, with read: @escaping () -> Void) {
        readers.read(descriptor, with: read)
    }

    public var isRunning: Bool { screen.isRunning }

    public func sendEvent(_ event: Event) {
        if readers.take(event) { return }
        guard let key = event.key else { return }
        if key != .resize { note = nil }
        if room?.take(key) == true { return }
        // A resize is drawn afresh: the terminal cleared itself.
        if key == .resize { renderer.invalidate() }
        screen.handle(key: key, size: renderer.backend.size)
    }

    public func finishTurn() {
        var (buffer, cursor) = screen.frame(size: renderer.backend.size, theme: theme)
        room?.draw(on: &buffer, theme: theme)
        if let note, buffer.size.height > 0 {
            let row = buffer.size.height - 1
            buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1))
            buffer.put(" " + theme.display(note).truncated(toWidth: max(0, buffer.size.width - 1), ellipsis: theme.glyphs.ellipsis),
                       at: Point(x: 0, y: row), style: theme.secondaryText)
        }
        renderer.show(buffer, cursor: cursor)
    }
}

extension LauncherScreen: ServedScreen {
    public var isRunning: Bool { outcome == nil }
    public func handle(key: Key, size: Size) { handle(key) }
    public func frame(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?) { (render(size: size, theme: theme), nil) }
}

extension FollowerScreen: ServedScreen {
    public var isRunning: Bool { !wantsToLeave }
    public func handle(key: Key, size: Size) { handle(key, size: size) }
    public func frame(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?) { render(size: size, theme: theme) }
}
