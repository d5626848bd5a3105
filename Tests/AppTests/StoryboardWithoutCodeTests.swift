import App
import Foundation
import Navigation
import Terminal
import Testing
import Views

/// A storyboard whose classes the app does not have, run on an in-memory terminal with stand-ins
/// (`wallet storyboard run`): Assets/Demos/Quiz.storyboard.
@MainActor
@Suite("A storyboard without its code, on screen")
struct StoryboardWithoutCodeTests {
    static let quiz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Demos/Quiz.storyboard").path

    /// The screen after `keys`, each line without its trailing spaces.
    private func screen(_ keys: String, size: Size = Size(width: 50, height: 8), standIns: StandIns = .terminal()) throws -> (String, Application) {
        let terminal = MemoryTerminal(size: size, capabilities: TerminalCapabilities(unicode: true, color: false))
        let scheduler = Scheduler(clock: .manual)
        let app = Application(window: try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.quiz, standIns: standIns),
                              backend: terminal, scheduler: scheduler)
        app.run(script: try KeyNotation.parse(keys))
        let text = terminal.text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        return (text, app)
    }

    @Test("The menu's stand-in shows one sample row for its one prototype, labelled with the reuse identifier")
    func sampleRow() throws {
        let (text, app) = try screen("")
        #expect(text == """
                                   Quiz
            ──────────────────────────────────────────────────
             QuizCell                                       ›




             Enter open   q quit   F1 keys   F2 inspector
            """)
        #expect(app.reportedErrors.isEmpty)
    }

    @Test("Give Up, which no controller on the way back implements, aborts: an alert names the controller and the action")
    func unwindNobodyImplements() throws {
        let (text, app) = try screen("<enter>g", size: Size(width: 80, height: 16))
        #expect(text.contains("QuestionViewController \"Question\" unwinds with giveUp:"), "\(text)")
        #expect(app.reportedErrors.count == 1)
        #expect((app.window.rootViewController as? NavigationController)?.viewControllers.count == 2)
    }

    @Test("A right bar button on a screen with no text field has a letter: Results' Done is d, named in the footer, and d runs its unwind")
    func rightBarButtonLetter() throws {
        let (text, _) = try screen("<enter>r", size: Size(width: 80, height: 12))
        #expect(text.split(separator: "\n").last?.contains("d Done") == true, "\(text)")
        let (after, app) = try screen("<enter>rd", size: Size(width: 80, height: 12))
        // Done unwinds to startOver:, back across the storyboard reference to the quiz's menu.
        #expect(app.reportedErrors.isEmpty && app.window.presentationStack.count == 1, "\(after)")
        #expect(after.split(separator: "\n").first?.contains("Quiz") == true, "\(after)")
    }

    @Test("--implements naming a class no scene has is refused, listing the scenes' classes, rather than ignored")
    func implementsUnknownClass() throws {
        let standIns = StandIns.terminal()
        standIns.implementations = ["QuizMenuVC": ["giveUp:"]]
        #expect {
            try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.quiz, name: "Quiz.storyboard", standIns: standIns)
        } throws: { error in
            "\(error)" == "Quiz.storyboard: error: --implements names QuizMenuVC, which is the class of no scene of this storyboard or of those it refers to; its scenes' classes are NavigationController, QuestionViewController, QuizMenuViewController, ResultsViewController"
        }
    }
}
