import Exercises
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
        quiz.handle(.character("b"))
        #expect(done == [1])
        let answered = quiz.render(size: Size(width: 80, height: 24), theme: theme).text
        #expect(answered.contains("Right!"))
        #expect(answered.contains("Rule 1: the search starts at the source's next responder"))
        // Answered, the letters no longer change it.
        quiz.handle(.character("a"))
        #expect(quiz.answer == 1)
        quiz.handle(.enter)
        // Wrong: revealed, not done.
        quiz.handle(.character("a"))
        #expect(done == [1])
        #expect(quiz.render(size: Size(width: 80, height: 24), theme: theme).text.contains("Not this time"))
        // On to the end: the quiz leaves after the last.
        while !quiz.wantsToLeave {
            quiz.handle(.character("a"))
            quiz.handle(.enter)
        }
        #expect(quiz.index == quiz.exercises.count)
    }

    @Test func qLeavesAnyTime() throws {
        let quiz = ExerciseQuiz(workbook: try Workbook.shipped())
        quiz.handle(.character("q"))
        #expect(quiz.wantsToLeave)
    }
}
