import App
import Navigation
import SnapshotTesting
import Terminal
import TestSupport
import Testing
@testable import Views

/// The containers as the terminal shows them and as keys and clicks drive them: a tab bar, a
/// split view expanded and collapsed, a popover, a current-context presentation, an embedded
/// child. Snapshots are named `NAME-COLUMNSxROWS`.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct ContainerScreenTests {
    nonisolated static let wide = Size(width: 120, height: 30)

    private func assertScreen(_ harness: ContainerHarness, _ name: String,
                              fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                              testName: String = #function, line: UInt = #line, column: UInt = #column) {
        let size = harness.terminal.size
        assertSnapshot(of: harness.text, as: .lines, named: "\(name)-\(size.width)x\(size.height)",
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        #expect(harness.app.reportedErrors.isEmpty, "\(harness.app.reportedErrors)")
    }

    // MARK: Tab bar

    @Test("A tab bar lists the tabs at the bottom with their numbers, the selected one in brackets", arguments: [WalletHarness.regular, wide])
    func tabBar(size: Size) throws {
        let harness = try ContainerHarness("Tabs", size: size)
        assertScreen(harness, "tabs-launch")
        let bar = try #require(harness.lines.dropLast().last)
        #expect(bar.contains("[1 Home]") && bar.contains(" 2 Search ") && bar.contains(" 3 Settings"), "\(bar)")
        #expect(harness.text.contains("Welcome home"))
    }

    @Test("Ctrl-N and Ctrl-P select the next and previous tab, wrapping around")
    func nextAndPreviousTab() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular, keys: "<c-n>")
        #expect(harness.tabBar?.selectedIndex == 1)
        assertScreen(harness, "tabs-search")
        try harness.run("<c-n><c-n>")
        #expect(harness.tabBar?.selectedIndex == 0)
        try harness.run("<c-p>")
        #expect(harness.tabBar?.selectedIndex == 2)
        #expect(harness.text.contains("Nothing to set"))
    }

    @Test("A digit selects its tab, but a text field with focus types it, and Ctrl-N still switches from there")
    func digitsSelectTabsUnlessTyping() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular, keys: "3")
        #expect(harness.tabBar?.selectedIndex == 2)
        try harness.run("2")
        #expect(harness.tabBar?.selectedIndex == 1)
        #expect(harness.focusedObject is TextField)
        try harness.run("31")
        #expect(harness.tabBar?.selectedIndex == 1)
        #expect((harness.focusedObject as? TextField)?.text == "31")
        try harness.run("<c-n>")
        #expect(harness.tabBar?.selectedIndex == 2)
    }

    @Test("A click on a tab selects it")
    func clickOnTab() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular)
        let row = harness.lines.count - 2
        let column = try #require(harness.lines[row].range(of: "Settings")).lowerBound.utf16Offset(in: harness.lines[row])
        try harness.run("<click \(column) \(row)>")
        #expect(harness.tabBar?.selectedIndex == 2)
    }

    @Test("The footer and the help list the tab keys")
    func tabKeysAreListed() throws {
        let harness = try ContainerHarness("Tabs", size: Self.wide)
        #expect(harness.lines.last?.contains("^N/^P tab") == true, "\(harness.lines.last ?? "")")
        try harness.run("<f1><end>")
        #expect(harness.text.contains("next or previous tab"), "\(harness.text)")
        let help = try #require(harness.alert?.message)
        #expect(!help.contains("Ctrl-O"), "F1 lists the keys in effect: no split view here, so no Ctrl-O")
        let wallet = try WalletHarness()
        try wallet.run("<f1>")
        #expect(!wallet.text.contains("Ctrl-N"), "the wallet's help, which has no tabs, does not list them")
    }

    @Test("A screen pushed in a tab shows its bar above the tab bar, and Esc goes back within the tab")
    func pushInsideTab() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular, keys: "d")
        assertScreen(harness, "tabs-pushed")
        #expect(harness.text.contains("The details of home"))
        #expect(harness.text.contains("[1 Home]"))
        try harness.run("<esc>")
        #expect(harness.text.contains("Welcome home"))
    }

    // MARK: Split view

    @Test("A split view shows both columns with a divider from 100 columns; below, one stack, the detail over the primary with Back",
          arguments: [WalletHarness.regular, wide])
    func splitView(size: Size) throws {
        let harness = try ContainerHarness("Split", size: size)
        assertScreen(harness, "split-launch")
        let regular = size.width >= Application.regularWidthMinimum
        #expect(harness.window.horizontalSizeClass == (regular ? .regular : .compact))
        #expect(harness.text.contains("Nothing picked yet"))
        #expect(harness.text.contains("Pick a fruit") == regular)
        #expect(harness.text.contains("‹ Fruits") == !regular)
    }

    @Test("Tab walks through both columns; Ctrl-O jumps to the other column's first stop, and Esc is the focused column's")
    func focusAcrossColumns() throws {
        let harness = try ContainerHarness("Split", size: Self.wide)
        let field = try #require(harness.app.currentScreen?.panes.last?.ownContentViews.flatMap(\.allViews).compactMap { $0 as? TextField }.first)
        #expect(harness.focusedObject is Button)
        try harness.run("<c-o>")
        #expect(harness.focusedObject === field)
        try harness.run("<c-o>")
        #expect((harness.focusedObject as? Button)?.title == "Apple")
        try harness.run("<tab><tab>")
        #expect(harness.focusedObject === field)
    }

    @Test("Resizing across 100 columns collapses and expands the split view, and focus stays on something drawn")
    func resizeCollapsesAndExpands() throws {
        let harness = try ContainerHarness("Split", size: Self.wide, keys: "<c-o>")
        #expect(harness.split?.isCollapsed == false)
        harness.resize(to: WalletHarness.regular)
        #expect(harness.split?.isCollapsed == true)
        #expect(!harness.text.contains("Pick a fruit") && harness.text.contains("‹ Fruits") && harness.text.contains("Nothing picked yet"))
        #expect(!harness.text.contains("│"), "one column")
        try expectFocusDrawn(harness)
        harness.resize(to: Self.wide)
        #expect(harness.split?.isCollapsed == false)
        #expect(harness.text.contains("Nothing picked yet"))
        try expectFocusDrawn(harness)
        harness.resize(to: WalletHarness.regular)
        try harness.run("<esc>")
        #expect(harness.text.contains("Pick a fruit") && !harness.text.contains("Nothing picked yet"), "Esc is Back to the primary")
    }

    // MARK: Popover

    /// Presents a small controller as a popover from the Home tab's Popover button.
    private func presentPopover(_ harness: ContainerHarness) throws {
        let button = try #require(harness.button("Popover"))
        let home = try #require(harness.tabBar?.viewControllers.first as? NavigationController).topViewController
        let popover = ViewController.showing([Label(text: "A small popover")], title: "Pop")
        popover.modalPresentationStyle = .popover
        popover.popoverPresentationController?.sourceView = button
        home?.present(popover, animated: false)
        harness.app.render()
    }

    @Test("A popover is a small window below its button when wide, a form sheet when compact, and follows the resize")
    func popoverAdapts() throws {
        let harness = try ContainerHarness("Tabs", size: Self.wide)
        try presentPopover(harness)
        assertScreen(harness, "popover")
        let frame = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: Self.wide, focus: harness.app.focus)
        let box = try #require(frame.levelRects.last)
        let anchor = try #require(harness.lines.firstIndex { $0.contains("[ Popover ]") })
        #expect(box.y == anchor + 1, "the popover's top is just below its button")
        #expect(box.width <= ScreenRenderer.popoverMaximumSize.width && box.height <= ScreenRenderer.popoverMaximumSize.height)
        harness.resize(to: WalletHarness.regular)
        assertScreen(harness, "popover")
        let compact = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: WalletHarness.regular, focus: harness.app.focus)
        // Compact: a form sheet's card (iOS 13 and later), the screens' width below the presenter's top.
        #expect(compact.levelRects.last == ScreenRenderer.cardRect(.formSheet, sheetsBelow: 0, size: WalletHarness.regular, regularWidth: false))
        #expect(compact.levelRects.count == 2)
        harness.resize(to: Self.wide)
        #expect(harness.text.contains("┌"), "wide again, the popover is a small window again")
        try harness.run("<esc>")
        #expect(harness.window.presentationStack.count == 1, "Esc closes a popover that has no bar button of its own")
    }

    // MARK: Whatever the keys

    /// Focus is on something this frame drew, and every target and level is inside the screen.
    /// At the smallest size a screen's content may not fit (plain views do not scroll): its last
    /// views are cut off and may hold focus, there as on any screen, so only the bounds count.
    private func expectFocusDrawn(_ harness: ContainerHarness, _ note: String = "") throws {
        let size = harness.terminal.size
        let frame = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: size, focus: harness.app.focus)
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for rect in frame.levelRects + frame.clickTargets.map(\.rect) {
            #expect(rect.intersection(screen) == rect, "\(rect) outside \(size) \(note)")
        }
        guard let focused = harness.focusedObject, size != ScreenRenderer.minimumSize else { return }
        #expect(frame.hasClickTarget(for: focused), "focus on \(focused) not drawn \(note)\n\(harness.text)")
    }

    @Test("Whatever keys are pressed and however the terminal is resized, on a tab bar, a split view or an embedded child, nothing is drawn outside the screen and focus is on something drawn",
          arguments: ["Tabs", "Split", "Embed"])
    func randomKeys(fixture: String) throws {
        let keys = ["<tab>", "<s-tab>", "<enter>", "<esc>", "<up>", "<down>", "<c-n>", "<c-p>", "<c-o>", "1", "2", "3", "x", "d", "a", "b", "e", "p", "c", "i", "<f1>"]
        var generator = SplitMix(seed: 7)
        for size in [WalletHarness.regular, Self.wide, Size(width: 60, height: 18), ScreenRenderer.minimumSize] {
            let harness = try ContainerHarness(fixture, size: size)
            var pressed: [String] = []
            for _ in 0..<120 {
                let key = keys[Int(generator.next() % UInt64(keys.count + 1))...].first
                if let key {
                    pressed.append(key)
                    try harness.run(key)
                } else {
                    // A resize, across the threshold or not, as a user drags the terminal's corner.
                    let sizes = [WalletHarness.regular, Self.wide, Size(width: 60, height: 18), ScreenRenderer.minimumSize]
                    let next = sizes[Int(generator.next() % UInt64(sizes.count))]
                    pressed.append("<resize \(next.width)x\(next.height)>")
                    harness.resize(to: next)
                }
                if harness.app.currentScreen?.alert != nil { try harness.run("<esc>") }
                try expectFocusDrawn(harness, pressed.suffix(8).joined())
            }
        }
    }
}


extension ContainerScreenTests {
    @Test("A sheet presented over an expanded split view keeps a screen's width, centred")
    func sheetOverSplit() throws {
        let harness = try ContainerHarness("Split", size: Size(width: 140, height: 30))
        let sheet = ViewController()
        sheet.view = View()
        harness.split?.present(sheet, animated: false)
        harness.app.render()
        let frame = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: harness.terminal.size, focus: harness.app.focus)
        #expect(frame.levelRects.first?.width == 140)
        // Regular width: a form sheet, the smaller card, centred in a screen's width.
        #expect(frame.levelRects.last == ScreenRenderer.cardRect(.formSheet, sheetsBelow: 0, size: harness.terminal.size, regularWidth: true))
    }
}

/// The Home tab's controller in `TabsUnwind.storyboard`: it implements the unwind action that
/// Settings' Reset button sends.
final class HomeViewController: ViewController {
    private(set) var unwound = 0
    func unwindToHome(_ segue: StoryboardSegue) { unwound += 1 }
    override var actions: [Selector: Action] { ["unwindToHome:": .unwind(unwindToHome)] }
}

/// What the engine's containers do, seen on the screen: real segues of the fixtures.
extension ContainerScreenTests {
    @Test("An unwind from the Settings tab to Home shows the tab the engine selected, Home, marked in the tab bar")
    func unwindAcrossTheTabBar() throws {
        let classes = StoryboardClasses.terminal()
        classes.register(HomeViewController.self) { HomeViewController() }
        let harness = try ContainerHarness("TabsUnwind", size: WalletHarness.regular, keys: "3", classes: classes)
        #expect(harness.text.contains("[3 Settings]"))
        try harness.run("r")
        #expect(harness.tabBar?.selectedIndex == 0)
        #expect(harness.text.contains("[1 Home]") && harness.text.contains("Welcome home"), "\(harness.text)")
        #expect(((harness.tabBar?.viewControllers.first as? NavigationController)?.topViewController as? HomeViewController)?.unwound == 1)
    }

    @Test("The storyboard's popover segue draws a box below its button when wide, the whole screen when compact")
    func popoverSegue() throws {
        let harness = try ContainerHarness("Tabs", size: Self.wide, keys: "p")
        let button = try #require(harness.lines.firstIndex { $0.contains("[ Popover ]") })
        #expect(harness.lines[button + 1].contains("┌") && harness.text.contains("A small popover"), "\(harness.text)")
        harness.resize(to: WalletHarness.regular)
        #expect(!harness.text.contains("┌") && !harness.text.contains("Welcome home") && harness.text.contains("A small popover"))
        try expectFocusDrawn(harness)
    }

    @Test("The storyboard's current-context segue covers the Home tab's content, its bar and the tab bar in view")
    func currentContextSegue() throws {
        let harness = try ContainerHarness("Tabs", size: WalletHarness.regular, keys: "c")
        #expect(harness.text.contains("Over the Home tab only") && !harness.text.contains("Welcome home"))
        #expect(harness.text.contains("[1 Home]") && harness.lines[0].contains("Home"))
        let tree = HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 100).lines.map(\.text)
        #expect(tree.contains { $0.contains("(current context, over ") }, "\(tree)")
    }

    @Test("The storyboard's embed segue draws the child between the parent's views; Tab and Ctrl-O reach its button")
    func embedSegue() throws {
        let harness = try ContainerHarness("Embed", size: WalletHarness.regular)
        #expect(harness.text.contains("Inside the container") && harness.text.contains("[ Below ]"))
        try harness.run("<c-o>")
        #expect((harness.focusedObject as? Button)?.title == "Inner")
        let tree = HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 100).lines.map(\.text)
        #expect(tree.contains { $0.hasPrefix("NavigationController") && $0.hasSuffix("embedded") }, "\(tree)")
    }
}

extension ContainerScreenTests {
    @Test("A popover from a bar button item hangs below the item, inside the screen even at the right edge")
    func popoverFromBarButtonItem() throws {
        let harness = try ContainerHarness("Tabs", size: Self.wide)
        let home = try #require((harness.tabBar?.viewControllers.first as? NavigationController)?.topViewController)
        let item = BarButtonItem(title: "More")
        home.navigationItem.rightBarButtonItem = item
        harness.app.render()
        let popover = ViewController()
        popover.view = View()
        popover.modalPresentationStyle = .popover
        popover.popoverPresentationController?.barButtonItem = item
        home.present(popover, animated: false)
        harness.app.render()
        let frame = ScreenRenderer(theme: harness.app.theme).render(harness.window, size: Self.wide, focus: harness.app.focus)
        let box = try #require(frame.levelRects.last)
        let anchor = try #require(frame.anchors[ObjectIdentifier(item)])
        #expect(box.y == anchor.maxY && box.maxX <= ScreenRenderer.contentRect(for: Self.wide).maxX && box.x <= anchor.x, "\(box) \(anchor)")
    }
}

extension ContainerScreenTests {
    @Test("A click on an embedded navigation bar's item presses it")
    func clickOnEmbeddedBarItem() throws {
        let harness = try ContainerHarness("Embed", size: WalletHarness.regular)
        let parent = try #require(harness.window.rootViewController)
        let child = try #require(parent.children.first as? NavigationController)
        let presses = Presses()
        let item = BarButtonItem(title: "Edit")
        item.connections.addTarget(presses, action: "press:")
        child.topViewController?.navigationItem.rightBarButtonItem = item
        harness.app.render()
        let row = try #require(harness.lines.firstIndex { $0.contains("Edit") })
        let column = try #require(harness.lines[row].range(of: "Edit")).lowerBound.utf16Offset(in: harness.lines[row])
        try harness.run("<click \(column) \(row)>")
        #expect(presses.count == 1)
    }
}

/// Counts the presses of what it is the target of.
@MainActor
final class Presses: ActionTarget {
    private(set) var count = 0
    var actions: [Selector: Action] { ["press:": .target { [unowned self] _ in count += 1 }] }
}
