import App
import Foundation
import Navigation
import Storyboards
import Terminal
import TestSupport
import Testing
import Views

/// F5 launches the app again from its storyboard file (`Stage`), as `wallet storyboard run`
/// does: a presenter who edits the file sees the edit, and one whose edit breaks it keeps the
/// app they had.
@MainActor
@Suite("Starting again (F5) from a storyboard file")
struct StageTests {
    static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Demos")

    /// The Quiz and the storyboard it refers to, copied where a test may edit them, on a stage.
    static func quizStage() throws -> (Stage, MemoryTerminal, TemporaryFolder) {
        let folder = try TemporaryFolder("stage")
        for file in ["Quiz.storyboard", "Results.storyboard"] {
            try folder.write(file, try String(contentsOf: demos.appendingPathComponent(file), encoding: .utf8))
        }
        let terminal = MemoryTerminal(size: Size(width: 60, height: 14), capabilities: TerminalCapabilities(unicode: true, color: false))
        let scheduler = Scheduler(clock: .manual)
        let stage = try Stage(scheduler: scheduler) { () throws(StoryboardErrors) in
            Application(window: try StoryboardWithoutCode.makeWindow(contentsOfFile: folder.path("Quiz.storyboard")), backend: terminal, scheduler: scheduler)
        }
        return (stage, terminal, folder)
    }

    @Test("F5 reads the storyboard file again: an edit made while the app runs shows, on the first screen")
    func editShows() throws {
        let (stage, terminal, folder) = try Self.quizStage()
        stage.run(script: try KeyNotation.parse("<enter>"))
        #expect(!terminal.text.contains("Capitals"))
        let text = try String(contentsOfFile: folder.path("Quiz.storyboard"), encoding: .utf8)
        try folder.write("Quiz.storyboard", text.replacingOccurrences(of: "title=\"Quiz\"", with: "title=\"Capitals\""))
        stage.run(script: [.press(ScriptHistory.restartKey)])
        #expect(terminal.text.split(separator: "\n").first?.contains("Capitals") == true, "\(terminal.text)")
        #expect(stage.app.window.presentationStack.count == 1)
    }

    @Test("When the file no longer loads, F5 keeps the app as it was and an alert says why")
    func brokenEditKeepsTheApp() throws {
        let (stage, terminal, folder) = try Self.quizStage()
        stage.run(script: try KeyNotation.parse("<enter>"))
        let before = stage.app
        let screens = before.window.allControllers.count
        try folder.write("Quiz.storyboard", "<document>")
        stage.run(script: [.press(ScriptHistory.restartKey)])
        #expect(stage.app === before)
        #expect(before.isRunning)
        #expect(before.window.allControllers.count > screens, "the alert is over the screens kept")
        #expect(terminal.text.contains("could not be started again"), "\(terminal.text)")
        #expect(before.reportedErrors.last?.contains("Quiz.storyboard") == true, "\(before.reportedErrors)")
    }
}
