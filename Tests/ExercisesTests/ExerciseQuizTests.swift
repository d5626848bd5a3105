import Exercises
import SnapshotTesting
import Terminal
import Testing
import Views

/// The exercises as a served session does them: each exercise's question, a letter to answer,
/// the answer and its rule revealed at once, a right one counted once.
@MainActor
@Suite struct ExerciseQuizTests {
    @Test func aRightAnswerIsTheExerciseDoneOnce() throws {
        let workbook = try Workbook.shipped()
        let quiz = ExerciseQuiz(workbook: workbook)
        var done: [Int] = []
        quiz.onDone = { done.append($0) }
        #expect(quiz.exercises.count == workbook.exercises.count, "every shipped exercise asks a question")
        let theme = Theme(capabilities: TerminalCapabilities(unicode: true, color: false))
        let first = quiz.render(size: Size(width: 80, height: 24), theme: theme).text
        #expect(first.contains("1. Cancel goes back to the wallet"))
        #expect(first.contains("Press a letter to answer"))
        // A letter past the choices is nobody's answer; Enter before an answer does nothing.
        quiz.handle(.character("z"))
        quiz.handle(.enter)
        #expect(quiz.answer == nil)
        #expect(quiz.index == 0)
        let right = try #require(quiz.currentQuestion?.answer)
        quiz.handle(.character(ChoiceLetters.letter(right)))
        #expect(done == [1])
        let answered = quiz.render(size: Size(width: 80, height: 24), theme: theme).text
        #expect(answered.contains("Right!"))
        #expect(answered.contains("Rule 1: the search starts at the source's next responder"))
        // Answered, the letters no longer change it.
        quiz.handle(.character(ChoiceLetters.letter((right + 1) % 4)))
        #expect(quiz.answer == right)
        quiz.handle(.enter)
        // Wrong: revealed, not done.
        quiz.handle(.character(ChoiceLetters.letter(((quiz.currentQuestion?.answer ?? 0) + 1) % 3)))
        #expect(done == [1])
        #expect(quiz.render(size: Size(width: 80, height: 24), theme: theme).text.contains("Not this time"))
        // On to the end: the score shows after the last (issue 47: it went back to the menu
        // with none), and Enter there leaves.
        while !quiz.showsScore {
            quiz.handle(.character("a"))
            quiz.handle(.enter)
        }
        #expect(!quiz.wantsToLeave)
        let score = quiz.render(size: Size(width: 80, height: 24), theme: theme).text
        #expect(score.contains("Exercises · \(done.count) of \(quiz.exercises.count) done"), "\(score)")
        #expect(score.contains("✓ 1. Cancel goes back to the wallet"), "\(score)")
        #expect(score.contains("Enter menu"), "\(score)")
        quiz.handle(.enter)
        #expect(quiz.wantsToLeave)
    }

    @Test("q shows the score at any time, and q there leaves; Esc never leaves")
    func qLeavesAnyTime() throws {
        let quiz = ExerciseQuiz(workbook: try Workbook.shipped())
        let theme = Theme(capabilities: TerminalCapabilities(unicode: true, color: false))
        quiz.handle(.escape)
        #expect(!quiz.showsScore && !quiz.wantsToLeave)
        // The footer names the letters there are.
        #expect(quiz.render(size: Size(width: 80, height: 24), theme: theme).text.contains("a to d answer"))
        quiz.handle(.character("q"))
        #expect(quiz.showsScore && !quiz.wantsToLeave)
        #expect(quiz.render(size: Size(width: 80, height: 24), theme: theme).text.contains("Exercises · 0 of \(quiz.exercises.count) done"))
        quiz.handle(.character("q"))
        #expect(quiz.wantsToLeave)
    }

    /// Types `text` on the quiz's command line, then Enter.
    private func type(_ text: String, into quiz: ExerciseQuiz) {
        for character in text { quiz.handle(.character(character)) }
        quiz.handle(.enter)
    }

    @Test("Over ssh an attendee solves an exercise with connect's options typed after \":\", on the session's own copy, and the check says so")
    func solvedWithConnect() throws {
        let quiz = ExerciseQuiz(workbook: try Workbook.shipped(), idSeed: 44)
        var done: [Int] = []
        quiz.onDone = { done.append($0) }
        let theme = Theme(capabilities: TerminalCapabilities(unicode: true, color: false))
        quiz.handle(.character(":"))
        #expect(quiz.commandLine == "")
        // A typo is refused with what was meant, and nothing is solved.
        type("--from Contacts/Cancle --unwind cancel:", into: quiz)
        #expect(quiz.commandOutput.first?.contains("did you mean \"Cancel\"") == true, "\(quiz.commandOutput)")
        #expect(done.isEmpty)
        // Only connect's options are taken: a file or a behaviours path is no option of it.
        for _ in 0..<80 { quiz.handle(.backspace) }
        type("--from Contacts/Cancel --unwind cancel: --behaviours /etc/passwd", into: quiz)
        #expect(quiz.commandOutput.joined().contains("'--behaviours'"), "\(quiz.commandOutput)")
        #expect(done.isEmpty)
        for _ in 0..<80 { quiz.handle(.backspace) }
        type("--from Contacts/Cancel --unwind cancel:", into: quiz)
        #expect(quiz.commandOutput.contains { $0.contains(#"kind="unwind" unwindAction="cancel:""#) }, "the lines changed: \(quiz.commandOutput)")
        #expect(quiz.commandOutput.contains("Solved: the check passes."), "\(quiz.commandOutput)")
        #expect(done == [1])
        let screen = quiz.render(size: Size(width: 80, height: 24), theme: theme).text
        #expect(screen.contains("connect> --from Contacts/Cancel --unwind cancel:"))
        #expect(screen.contains("Solved: the check passes."), "the verdict shows at 80x24, before the lines changed:\n\(screen)")
        assertSnapshot(of: screen, as: .lines, named: "quiz-connect-solved-80x24")
        #expect(screen.contains("Exercises · 1 of 10 done"))
        // Esc closes the line and the question is back; the letters answer it again.
        quiz.handle(.escape)
        #expect(quiz.commandLine == nil)
        quiz.handle(.character("b"))
        #expect(quiz.answer == 1)
    }

    /// Issue 47: the right answer was "b" six times of eight, which a room learns by the third.
    /// Shown, the right answers are spread over the letters, the same for every session.
    @Test func theRightLettersAreSpreadAndTheSameForEveryone() throws {
        let first = ExerciseQuiz(workbook: try Workbook.shipped()), second = ExerciseQuiz(workbook: try Workbook.shipped())
        var letters: [Int] = []
        while !first.showsScore {
            let shown = try #require(first.currentQuestion), written = try #require(first.current?.question)
            #expect(shown == second.currentQuestion, "the same letters for everyone")
            // The right choice is the one written right, moved with the others.
            #expect(shown.choices[shown.answer] == written.choices[written.answer])
            #expect(Set(shown.choices) == Set(written.choices))
            letters.append(shown.answer)
            for quiz in [first, second] {
                quiz.handle(.character(ChoiceLetters.letter(shown.answer)))
                quiz.handle(.enter)
            }
        }
        let mostCommon = Dictionary(grouping: letters, by: { $0 }).values.map(\.count).max() ?? 0
        #expect(mostCommon <= letters.count / 2, "the right letters: \(letters.map(ChoiceLetters.letter))")
    }

    @Test("Exercise 2 is solved by a manual unwind with its identifier, as connect makes it")
    func manualUnwindByConnect() throws {
        let quiz = ExerciseQuiz(workbook: try Workbook.shipped())
        quiz.handle(.character("a"))
        quiz.handle(.enter)
        quiz.handle(.character(":"))
        type("--from Amount --unwind sendTransaction: --identifier SendTransactionSegue", into: quiz)
        #expect(quiz.commandOutput.contains("Solved: the check passes."), "\(quiz.commandOutput)")
        #expect(quiz.done == ["02-send"])
    }
}
