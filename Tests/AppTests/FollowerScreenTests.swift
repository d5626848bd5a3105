import App
import SessionProtocol
import Terminal
import Testing
import Views

/// What a follower of `wallet serve` sees of the presenter's screen, at the follower's size.
@MainActor
@Suite("A follower's screen")
struct FollowerScreenTests {
    static let theme = Theme(capabilities: TerminalCapabilities(unicode: true, color: true))

    /// A presenter's screen of 20x4 with a border, a title and, optionally, a cursor.
    static func presenter(cursor: Point? = nil) -> SharedFrame {
        var buffer = CellBuffer(size: Size(width: 20, height: 4))
        buffer.put("Wallet", at: Point(x: 7, y: 0), style: Style(foreground: .blue))
        buffer.put("│ € 5,432.01       │", at: Point(x: 0, y: 1))
        buffer.put("│ Amount: 12.34    │", at: Point(x: 0, y: 2))
        buffer.put("└──────────────────┘", at: Point(x: 0, y: 3))
        return SharedFrame(buffer: buffer, cursor: cursor)
    }

    func render(_ state: FollowerScreen.State, _ width: Int, _ height: Int, theme: Theme = Self.theme) -> (lines: [String], cursor: Point?) {
        let screen = FollowerScreen()
        screen.state = state
        let frame = screen.render(size: Size(width: width, height: height), theme: theme)
        return (frame.buffer.lines, frame.cursor)
    }

    @Test("Larger than the presenter's: centred, with a line under it saying whose screen it is")
    func larger() {
        let shown = render(.following(Self.presenter(cursor: Point(x: 16, y: 2))), 30, 7)
        #expect(shown.lines == [
            "",
            "            Wallet",
            "     │ € 5,432.01       │",
            "     │ Amount: 12.34    │",
            "     └──────────────────┘",
            "",
            "Following the presenter · q l…",
        ])
        #expect(shown.cursor == Point(x: 21, y: 3))
    }

    @Test("The presenter's exact size: the screen alone, cell for cell")
    func same() {
        let shown = render(.following(Self.presenter()), 20, 4)
        #expect(shown.lines == Self.presenter().buffer.lines)
    }

    @Test("Smaller, with the cursor shown: the part around the cursor, and the bottom row says so")
    func smallerAroundTheCursor() {
        let shown = render(.following(Self.presenter(cursor: Point(x: 16, y: 2))), 12, 3)
        #expect(shown.lines == [
            "2.01       │",
            ": 12.34    │",
            "Part of 20x…",
        ])
        #expect(shown.cursor == Point(x: 8, y: 1))
    }

    @Test("Smaller, with no cursor: the top-left part, where the title and first rows are")
    func smallerTopLeft() {
        let shown = render(.following(Self.presenter()), 12, 3)
        #expect(shown.lines == ["       Walle", "│ € 5,432.01", "Part of 20x…"])
        #expect(shown.cursor == nil)
    }

    @Test("A wide character cut by the crop is drawn as a blank, never half of it")
    func wideCut() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.put("a漢字b", at: .zero)
        let shown = render(.following(SharedFrame(buffer: buffer, cursor: Point(x: 5, y: 0))), 4, 2)
        #expect(shown.lines.first == " 字b")
    }

    @Test("Before the first frame, and once the presenter has gone, a line says what the follower waits for")
    func waiting() {
        #expect(render(.waiting, 50, 5).lines.contains { $0.contains("Waiting for the presenter's screen · q leaves") })
        let ended = render(.ended(Self.presenter()), 30, 7).lines
        #expect(ended.contains { $0.contains("The presenter's session has") })
        #expect(ended.contains { $0.contains("€ 5,432.01") })
    }

    @Test("NO_COLOR (mono): the presenter's colours are not drawn, the attributes are")
    func mono() {
        let screen = FollowerScreen()
        screen.state = .following(Self.presenter())
        let mono = Theme(capabilities: TerminalCapabilities(unicode: true, color: true), appearance: .mono)
        let frame = screen.render(size: Size(width: 20, height: 4), theme: mono)
        #expect(frame.buffer[7, 0].style == .plain)
        #expect(screen.render(size: Size(width: 20, height: 4), theme: Self.theme).buffer[7, 0].style.foreground == .blue)
    }

    /// Issue 32, defect 6: an 80x24 follower of a 120x30 presenter saw columns 0-79, the
    /// inspector and Send off screen, with no way to pan and nothing following the focus.
    @Test("Smaller, the part around the presenter's focused control, before the cursor; the arrows pan from there, Home follows again")
    func followsTheFocusAndPans() {
        var frame = Self.presenter(cursor: Point(x: 2, y: 1))
        frame.focus = Rect(x: 10, y: 2, width: 8, height: 1)
        let screen = FollowerScreen()
        screen.state = .following(frame)
        let size = Size(width: 10, height: 3)
        let around = screen.render(size: size, theme: Self.theme).buffer.lines
        #expect(around[1].contains("12.34"), "\(around)")
        // Left, as far as it goes, and up: the top-left part, the title's start.
        for key in [Key.left, .left, .left, .left, .left, .left, .up] {
            let panned = screen.handle(key, size: size)
            #expect(panned)
        }
        let panned = screen.render(size: size, theme: Self.theme).buffer.lines
        #expect(panned[0] == "       Wal", "\(panned)")
        // A new frame keeps the pan; Home follows the focus again.
        screen.state = .following(frame)
        #expect(screen.render(size: size, theme: Self.theme).buffer.lines == panned)
        let home = screen.handle(.home, size: size)
        #expect(home)
        #expect(screen.render(size: size, theme: Self.theme).buffer.lines == around)
        // A frame that fits needs no panning: the arrows are not the follower's then.
        let fitting = screen.handle(.left, size: Size(width: 40, height: 10))
        #expect(!fitting)
    }

    /// Issue 47: a watcher who panned to the presenter's inspector was left looking at blank
    /// space when the presenter closed it.
    @Test("Panned to where the presenter's screen has gone blank, the follower follows the focus again")
    func aPanToBlankSpaceFollowsTheFocus() {
        var wide = CellBuffer(size: Size(width: 40, height: 4))
        wide.put("Wallet", at: Point(x: 2, y: 0))
        wide.put("Inspector", at: Point(x: 20, y: 1))
        var frame = SharedFrame(buffer: wide, cursor: nil)
        frame.focus = Rect(x: 2, y: 0, width: 6, height: 1)
        let screen = FollowerScreen()
        screen.state = .following(frame)
        let size = Size(width: 12, height: 3)
        for _ in 0..<6 { _ = screen.handle(.right, size: size) }
        #expect(screen.render(size: size, theme: Self.theme).buffer.lines.joined().contains("Inspector"))
        #expect(screen.pan != nil)
        // The inspector closes: its part of the screen is blank.
        var closed = frame
        closed.buffer = CellBuffer(size: wide.size)
        closed.buffer.put("Wallet", at: Point(x: 2, y: 0))
        screen.state = .following(closed)
        let lines = screen.render(size: size, theme: Self.theme).buffer.lines
        #expect(lines.joined().contains("Wallet"), "\(lines)")
        #expect(screen.pan == nil)
    }

    @Test("The focus travels in the frame's bytes, and a frame without one says none")
    func focusEncoded() throws {
        var frame = Self.presenter()
        frame.focus = Rect(x: 10, y: 2, width: 8, height: 1)
        var reader = SharedFrameReader()
        #expect(try reader.read(frame.encoded).first?.focus == frame.focus)
        #expect(try reader.read(Self.presenter().encoded).first?.focus == nil)
    }
}

