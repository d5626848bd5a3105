import App
import Foundation
import Navigation
import StoryboardBehaviours
import Terminal
import Testing
import Views

/// A storyboard whose Swift side is declared, not written (`wallet storyboard run --behaviours`):
/// Assets/Demos/Tabs.storyboard with Tabs.behaviours.yaml, the README's example, run on an
/// in-memory terminal as a user drives it.
@MainActor
@Suite("Declared behaviours, on screen")
struct BehavioursTests {
    static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Demos")
    static let tabs = demos.appendingPathComponent("Tabs.storyboard").path
    static let behavioursFile = demos.appendingPathComponent("Tabs.behaviours.yaml").path

    static func behaviours() throws -> StandInBehaviours {
        try BehavioursFile.read(Array(try Data(contentsOf: URL(fileURLWithPath: behavioursFile))), path: "Tabs.behaviours.yaml")
    }

    /// The app after `keys`, and its screen, each line without its trailing spaces.
    private func run(_ keys: String, behaviours: StandInBehaviours? = nil) throws -> (text: String, app: Application) {
        let terminal = MemoryTerminal(size: Size(width: 60, height: 10), capabilities: TerminalCapabilities(unicode: true, color: false))
        let standIns = StandIns.terminal()
        standIns.behaviours = try behaviours ?? Self.behaviours()
        let app = Application(window: try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.tabs, standIns: standIns),
                              backend: terminal, scheduler: Scheduler(clock: .manual))
        app.run(script: try KeyNotation.parse(keys))
        let text = terminal.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        return (text, app)
    }

    /// The navigation controller of the tab shown, and the tab's index.
    private func tab(_ app: Application) -> (index: Int, stack: [String]) {
        let tabs = app.window.rootViewController as? TabBarController
        let nav = tabs?.selectedViewController as? NavigationController
        return (tabs?.selectedIndex ?? -1, nav?.viewControllers.map { $0.title ?? "?" } ?? [])
    }

    @Test("Send performs the manual segue its action declares, with the message prepare(for:sender:) sets; Back to First unwinds to the action that shows a line")
    func sendAndUnwind() throws {
        let (sent, app) = try run("<enter>")
        #expect(tab(app).stack == ["First", "Second"])
        #expect(sent.contains("Hello from First") && !sent.contains("No message yet"), "\(sent)")
        let (back, after) = try run("<enter><enter>")
        #expect(tab(after) == (0, ["First"]))
        #expect(back.contains("Welcome back from Second"), "\(back)")
        #expect(after.reportedErrors.isEmpty)
    }

    @Test("Before the unwind, the status line the storyboard hides stays hidden; the text prepare sets is the pushed scene's only, not tab 2's")
    func changesOnlyWhereDeclared() throws {
        let (first, _) = try run("")
        #expect(!first.contains("set by backToFirst") && !first.contains("Welcome back"), "\(first)")
        let (second, app) = try run("<enter><c-n>")
        #expect(tab(app) == (1, ["Second"]))
        #expect(second.contains("No message yet."), "\(second)")
    }

    @Test("From tab 2, Back to First unwinds across the tab bar: tab 1 is selected and shows the line its unwind action sets")
    func unwindAcrossTabs() throws {
        let (text, app) = try run("<c-n><enter>")
        #expect(tab(app) == (0, ["First"]))
        #expect(text.contains("Welcome back from Second"), "\(text)")
        #expect(app.reportedErrors.isEmpty)
    }

    @Test("There and back twice, and from both tabs, ends where one round ends: one First, the line shown once")
    func backAndForthTwice() throws {
        let (once, _) = try run("<enter><enter>")
        let (twice, app) = try run("<enter><enter><enter><enter><c-n><enter>")
        #expect(tab(app) == (0, ["First"]))
        #expect(twice == once, "\(twice)")
    }

    @Test("Without behaviours the stand-ins do nothing of their own: Send does nothing, and Back to First aborts with an alert naming its action")
    func withoutBehaviours() throws {
        let (sent, app) = try run("<enter>", behaviours: StandInBehaviours())
        #expect(tab(app).stack == ["First"], "\(sent)")
        let (back, aborted) = try run("<c-n><enter>", behaviours: StandInBehaviours())
        #expect(back.contains("backToFirst:"), "\(back)")
        #expect(aborted.reportedErrors.count == 1)
    }

    @Test("The README's example is the shipped behaviours file, word for word")
    func readmeShowsTheFile() throws {
        let readme = try String(contentsOf: Self.demos.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let file = try String(contentsOfFile: Self.behavioursFile, encoding: .utf8)
        #expect(readme.contains("```yaml\n" + file + "```\n"))
    }

    @Test("The flags say what the file says: the same screens after the same keys")
    func flagsAsTheFile() throws {
        let flags = BehaviourFlags.combined([
            try BehaviourFlags.performs("FirstViewController.sendToSecond:=toSecond"),
            try BehaviourFlags.prepares("FirstViewController.toSecond=messageLabel.text=Hello from First"),
            try BehaviourFlags.unwinds("FirstViewController.backToFirst:=statusLabel.text=Welcome back from Second"),
            try BehaviourFlags.unwinds("FirstViewController.backToFirst=statusLabel.isHidden=false"),
        ])
        for keys in ["<enter>", "<enter><enter>", "<c-n><enter>"] {
            #expect(try run(keys, behaviours: flags).text == run(keys).text, "\(keys)")
        }
    }
}
