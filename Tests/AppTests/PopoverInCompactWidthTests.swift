import App
import Foundation
import Navigation
import StoryboardBehaviours
import Terminal
import Testing
import Views

/// A popover whose content has no way back (Tests/AppTests/Storyboards/Popover.storyboard):
/// UIKit adapts it to full screen in a compact width and strands the user unless a substitute
/// is given; the terminal lets Esc close it, says so, and lint warns.
@MainActor
@Suite("A popover adapted to a compact width")
struct PopoverInCompactWidthTests {
    static let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Storyboards/Popover.storyboard").path

    private func run(_ keys: String, width: Int, behaviours: StandInBehaviours = StandInBehaviours()) throws -> (text: String, app: Application, events: [NavigationEvent]) {
        let terminal = MemoryTerminal(size: Size(width: width, height: 10), capabilities: TerminalCapabilities(unicode: true, color: false))
        let standIns = StandIns.terminal()
        standIns.behaviours = behaviours
        let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.storyboard, standIns: standIns)
        var events: [NavigationEvent] = []
        _ = window.addObserver { events.append($0) }
        let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
        app.run(script: try KeyNotation.parse(keys))
        return (terminal.text, app, events)
    }

    private func unwound(_ events: [NavigationEvent]) -> Bool {
        events.contains { if case .unwindStarted = $0 { true } else { false } }
    }

    @Test("In a compact width the adapted popover's footer names Esc, and Esc dismisses it without an unwind, back to the host")
    func escClosesTheAdaptedPopover() throws {
        let (shown, app, _) = try run("<enter>", width: 60)
        #expect(app.window.presentationStack.count == 2)
        #expect(shown.split(separator: "\n").last?.contains("Esc close") == true, "\(shown)")
        let (closed, after, events) = try run("<enter><esc>", width: 60)
        #expect(after.window.presentationStack.count == 1)
        #expect(closed.contains("[ Options ]"), "\(closed)")
        #expect(!unwound(events))
        #expect(after.reportedErrors.isEmpty)
    }

    @Test("Twice there and back, in both widths, ends on the host alone")
    func twiceInBothWidths() throws {
        for width in [60, 120] {
            let (_, app, _) = try run("<enter><esc><enter><esc>", width: width)
            #expect(app.window.presentationStack.count == 1, "\(width)")
        }
    }

    @Test("A compact-width substitute (the delegate's viewControllerForAdaptivePresentationStyle) is presented instead, and its Done unwinds; a regular width keeps the popover")
    func compactSubstitute() throws {
        let behaviours = try BehaviourFlags.compactSubstitute("showOptions=OptionsNavigation")
        let (shown, app, _) = try run("<enter>", width: 60, behaviours: behaviours)
        #expect(app.window.presentationStack.last is NavigationController)
        #expect(shown.contains("Done"), "\(shown)")
        let (_, after, events) = try run("<enter>d", width: 60, behaviours: behaviours)
        #expect(after.window.presentationStack.count == 1)
        #expect(unwound(events))
        let (_, regular, _) = try run("<enter>", width: 120, behaviours: behaviours)
        #expect(!(regular.window.presentationStack.last is NavigationController))
        #expect(regular.window.presentationStack.last?.modalPresentationStyle == .popover)
    }

    @Test("Lint warns at the popover segue's line that its content has no way back in a compact width")
    func lintWarns() {
        let check = Storyboard.check(contentsOfFile: Self.storyboard, classes: StoryboardWithoutCode.classes())
        #expect(check.warnings.map(\.rule.id) == ["popover-without-way-back"])
        #expect(check.warnings.first?.line == 25)
    }
}
