import App
import Navigation
import SnapshotTesting
import Terminal
import Testing
@testable import Views

// The engine's internal setters stand in for its embed segue and its choice of context, so
// that what the screen draws is pinned down on its own.
@testable import Navigation

/// Embedded children and current-context presentations as the screen draws them.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct ContainerPresentationTests {
    private func label(_ text: String) -> Label {
        let label = Label()
        label.text = text
        return label
    }

    private func button(_ title: String) -> Button {
        let button = Button()
        button.title = title
        return button
    }

    /// A parent whose view has a label, a container view embedding a navigation controller, and
    /// a button below it.
    private func embeddingWindow() -> (Window, inner: Button, outer: Button) {
        let child = ViewController()
        child.title = "Child"
        child.view = View()
        child.view.addSubview(label("Inside the container"))
        let inner = button("Inner")
        child.view.addSubview(inner)
        let navigation = NavigationController(rootViewController: child)
        let parent = ViewController()
        parent.view = View()
        parent.view.addSubview(label("Above the container"))
        let container = ContainerView()
        parent.view.addSubview(container)
        let outer = button("Below")
        parent.view.addSubview(outer)
        parent.addChild(navigation)
        container.embeddedViewController = navigation
        let window = Window()
        window.rootViewController = parent
        return (window, inner, outer)
    }

    @Test("A container view draws its embedded navigation controller, bar and content, between the parent's views, and Tab reaches both")
    func embedded() throws {
        let (window, inner, outer) = embeddingWindow()
        let terminal = MemoryTerminal(size: WalletHarness.regular)
        let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
        app.launch()
        assertSnapshot(of: terminal.text, as: .lines, named: "embedded-80x24")
        let lines = terminal.text.components(separatedBy: "\n")
        let above = try #require(lines.firstIndex { $0.contains("Above the container") })
        let childTitle = try #require(lines.firstIndex { $0.contains("Child") })
        let below = try #require(lines.firstIndex { $0.contains("[ Below ]") })
        #expect(above < childTitle && childTitle < below, "\(terminal.text)")
        let screen = try #require(app.currentScreen)
        #expect(app.focus.targets(on: screen).contains { $0.object === inner })
        #expect(app.focus.targets(on: screen).contains { $0.object === outer })
        #expect(lines.contains { $0.contains("Inside the container") })
    }

    @Test("A current-context presentation covers only its context's area: the tab bar stays in view")
    func currentContext() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular)
        let navigation = try #require(harness.tabBar?.viewControllers.first as? NavigationController)
        let home = try #require(navigation.topViewController)
        let presented = ViewController()
        presented.view = View()
        presented.view.addSubview(label("Over the Home tab only"))
        presented.modalPresentationStyle = .currentContext
        home.present(presented, animated: false)
        if presented.presentationContext == nil { presented.presentationContext = home }
        harness.app.render()
        assertSnapshot(of: harness.text, as: .lines, named: "current-context-80x24")
        #expect(harness.text.contains("Over the Home tab only"))
        #expect(harness.text.contains("[1 Home]"), "the tab bar stays")
        #expect(!harness.text.contains("Welcome home"), "the tab's content is covered")
        let frame = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: WalletHarness.regular, focus: harness.app.focus)
        // A part of the tab bar's level, drawn in Home's area: one level, the presentation's rect Home's.
        #expect(frame.levelRects.count == 1)
        #expect(frame.controllerRects[ObjectIdentifier(presented)] == frame.controllerRects[ObjectIdentifier(home)])
    }

    @Test("Under a current-context presentation the tab bar still switches tabs, by Ctrl-N, Ctrl-P and digits: the presentation goes with its tab and comes back with it")
    func tabsUnderACurrentContextPresentation() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular)
        try harness.run("c")
        #expect(harness.text.contains("Over the Home tab only"))
        #expect(harness.text.contains("^N/^P tab"), "the footer names the tab keys")
        try harness.run("<c-n>")
        #expect(harness.tabBar?.selectedIndex == 1)
        #expect(!harness.text.contains("Over the Home tab only"))
        try harness.run("<c-p>")
        #expect(harness.tabBar?.selectedIndex == 0)
        #expect(harness.text.contains("Over the Home tab only"), "back on its tab, the presentation shows again")
        try harness.run("3")
        #expect(harness.tabBar?.selectedIndex == 2)
    }
}
