import App
import Foundation
import Navigation
import Storyboards
import Terminal
import Testing
import Views

/// Constructs of public storyboards that were refused and now run (issue 18): outlet collections,
/// an outlet from a view to a stand-in controller (a text field's delegate).
@MainActor
@Suite("Storyboard constructs that run")
struct StandInConstructsTests {
    static let collections = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/Collections.storyboard").path

    final class PadViewController: ViewController, TextFieldDelegate {
        @OutletCollection var digitButtons: [Button]
        override var actions: [Selector: Action] { ["clear:": .target { [unowned self] _ in for button in digitButtons { button.isHidden = true } }] }
    }

    @Test("An outlet collection connects every object, in the order of the file, to an app's @OutletCollection")
    func appCollection() throws {
        let classes = StoryboardClasses.terminal()
        classes.register(PadViewController.self) { PadViewController() }
        let storyboard = try Storyboard(contentsOfFile: Self.collections, classes: classes)
        let pad = try #require(storyboard.instantiateInitialViewController() as? PadViewController)
        pad.loadViewIfNeeded()
        #expect(pad.digitButtons.map(\.title) == ["One", "Two", "Three"])
        try #require(pad.view.allViews.compactMap { $0 as? Button }.first { $0.title == "Clear" }).sendActions()
        #expect(pad.digitButtons.filter(\.isHidden).count == 3)
    }

    @Test("With stand-ins, the collection and the delegate outlet to the stand-in load; the collection is the stand-in's outlet for behaviours")
    func standIns() throws {
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.collections)
        let pad = try #require(window.rootViewController as? any StandIn)
        #expect(pad.standingInFor.outlets["digitButtons"] == ["pad-b1", "pad-b2", "pad-b3"])
        pad.changeOutlets([OutletChange(outlet: "digitButtons", property: "isHidden", value: "true")])
        let hidden = pad.view.allViews.compactMap { $0 as? Button }.filter(\.isHidden).map(\.title)
        #expect(hidden == ["One", "Two", "Three"])
    }

    @Test("A storyboard that connects a single outlet as a collection, or a collection the class has not, is refused at the line, saying which")
    func mismatches() throws {
        final class Single: ViewController { @Outlet var digitButtons: Button? }
        let classes = StoryboardClasses.terminal()
        classes.register(Single.self, as: "PadViewController") { Single() }
        do {
            _ = try Storyboard(contentsOfFile: Self.collections, classes: classes)
            Issue.record("loaded")
        } catch {
            #expect(error.errors.contains { $0.line == 30 && $0.message.contains("is a single outlet, but the storyboard connects it as an outlet collection") },
                    "\(error)")
        }
    }

    static let toolbar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/Toolbar.storyboard").path

    @Test("A toolbar placed in a view is drawn where it is with its items; an enabled item is a focus stop and fires its segue; lint has nothing to say")
    func toolbarInAView() throws {
        let terminal = MemoryTerminal(size: Size(width: 40, height: 8), capabilities: TerminalCapabilities(unicode: true, color: false))
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.toolbar)
        let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
        app.run(script: [])
        let rows = terminal.text.split(separator: "\n")
        #expect(rows.count > 1 && rows[1].contains("Share") && rows[1].contains("Delete"), "\(terminal.text)")
        app.run(script: try KeyNotation.parse("<tab><tab><enter>"))
        #expect(window.rootViewController?.presentedViewController?.title == "Share", "Tab goes round the one stop, Delete being disabled")
        let check = Storyboard.check(contentsOfFile: Self.toolbar, classes: StoryboardWithoutCode.classes())
        #expect(check.warnings.isEmpty, "\(check.warnings)")
    }
}
