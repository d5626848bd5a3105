import App
import Terminal
import Testing
import Views

/// The menu an attendee of `wallet serve` picks from.
@MainActor
@Suite("The menu of a served session")
struct LauncherScreenTests {
    static let items = [
        LauncherScreen.Item(title: "The wallet", detail: "the unwind segue sample: Send and Cancel"),
        LauncherScreen.Item(title: "The segue catalog", detail: "every kind of segue and unwind, explained"),
        LauncherScreen.Item(title: "Tabs", detail: "Tabs.storyboard, with its behaviours"),
    ]
    static let theme = Theme(capabilities: TerminalCapabilities(unicode: true, color: false))

    @Test("It lists each choice with its number, the first selected, centred at 80x24")
    func drawn() {
        let screen = LauncherScreen(items: Self.items)
        let lines = screen.render(size: Size(width: 80, height: 24), theme: Self.theme).lines
        #expect(lines[7...11] == [
            "        wallet serve: a workshop on unwind segues",
            "",
            "        Pick what to run: ↑ ↓ and Enter, or its key. q leaves.",
            "",
            "        1  The wallet         the unwind segue sample: Send and Cancel",
        ])
        #expect(lines[12] == "        2  The segue catalog  every kind of segue and unwind, explained")
        #expect(lines[13] == "        3  Tabs               Tabs.storyboard, with its behaviours")
        #expect(screen.render(size: Size(width: 80, height: 24), theme: Self.theme)[8, 11].style == Self.theme.focused)
    }

    @Test("Arrows go round, Enter runs the selected one, a number runs its own, q and Esc leave")
    func keys() {
        let screen = LauncherScreen(items: Self.items)
        #expect(screen.handle(.up) == nil)
        #expect(screen.selected == 2)
        #expect(screen.handle(.down) == nil)
        #expect(screen.handle(.down) == nil)
        #expect(screen.handle(.enter) == .run(1))
        #expect(screen.handle(.character("3")) == .run(2))
        #expect(screen.handle(.character("4")) == nil)
        // Leaving asks first, and Esc never leaves (issue 47: a stray Esc ended the session).
        #expect(screen.handle(.escape) == nil)
        #expect(screen.handle(.character("q")) == nil)
        #expect(screen.message == LauncherScreen.leaveQuestion)
        #expect(screen.render(size: Size(width: 80, height: 24), theme: Self.theme).text.contains("Leave the workshop? q again leaves"))
        #expect(screen.handle(.down) == nil, "any other key stays")
        #expect(screen.message == nil)
        #expect(screen.handle(.character("q")) == nil)
        #expect(screen.handle(.resize) == nil, "a resize is no answer")
        #expect(screen.handle(.control("c")) == .leave)
    }

    /// Issue 32, defect 14: a presenter's folder of many storyboards left items past 9 with no key.
    @Test("Items past the ninth have keys of their own, letters that neither leave nor move, shown beside them")
    func keysPastNine() {
        let many = (1...14).map { LauncherScreen.Item(title: "Storyboard \($0)", detail: "S\($0).storyboard") }
        let screen = LauncherScreen(items: many)
        let lines = screen.render(size: Size(width: 80, height: 24), theme: Self.theme).lines
        #expect(lines.contains { $0.contains("a  Storyboard 10") } && lines.contains { $0.contains("e  Storyboard 14") }, "\(lines)")
        #expect(screen.handle(.character("a")) == .run(9))
        #expect(screen.handle(.character("E")) == .run(13))
        #expect(screen.handle(.character("f")) == nil)
        #expect(screen.handle(.character("j")) == nil)
        #expect(screen.handle(.character("q")) == nil)
        #expect(screen.handle(.character("q")) == .leave)
    }

    @Test("A click on a row runs it")
    func click() {
        let screen = LauncherScreen(items: Self.items)
        _ = screen.render(size: Size(width: 80, height: 24), theme: Self.theme)
        #expect(screen.handle(.click(Point(x: 12, y: 12))) == .run(1))
        #expect(screen.handle(.click(Point(x: 12, y: 3))) == nil)
    }

    @Test("What the last choice said shows under the list until the next key; a small terminal cuts lines, never crashes")
    func message() {
        let screen = LauncherScreen(items: Self.items)
        screen.message = "Broken: Broken.storyboard:1: not a storyboard"
        #expect(screen.render(size: Size(width: 80, height: 24), theme: Self.theme).lines[15].contains("Broken: Broken.storyboard:1"))
        // A resize is the terminal's, not a key the attendee pressed: the message stays.
        _ = screen.handle(.resize)
        #expect(screen.message != nil)
        _ = screen.handle(.down)
        #expect(screen.message == nil)
        for width in 1...30 {
            for height in 1...12 { _ = screen.render(size: Size(width: width, height: height), theme: Self.theme) }
        }
    }
}
