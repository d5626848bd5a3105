import NIOCore
@testable import Serving
import Testing

/// The room's questions as the server keeps them: each person's answer counted once, their
/// last; answers to another question, to no choice or after the voting closed ignored; the tally
/// the presenter and the results file get (issue 35).
@Suite struct RoomQuestionsTests {
    @Test func eachSessionCountsOnceItsLastAnswer() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b", "c"], at: .now())
        let sessions = Array(1...5)
        #expect(questions.answer(0, to: question.number, from: sessions[0]) == .recorded(changed: false))
        #expect(questions.answer(2, to: question.number, from: sessions[1]) == .recorded(changed: false))
        // Changed: the first answer no longer counts.
        #expect(questions.answer(1, to: question.number, from: sessions[1]) == .recorded(changed: true))
        // The same again is no change, and nothing to keep.
        #expect(questions.answer(1, to: question.number, from: sessions[1]) == .unchanged)
        let open = try! #require(questions.open)
        let (counts, waiting) = RoomQuestions.tally(open, people: sessions)
        #expect(counts == [1, 1, 0])
        #expect(waiting == 3)
    }

    @Test func answersOutOfTurnAreIgnored() {
        var questions = RoomQuestions()
        let session = 1
        #expect(questions.answer(0, to: 1, from: session) == .ignored)
        let first = questions.ask("One?", choices: ["a", "b"], at: .now())
        #expect(questions.answer(2, to: first.number, from: session) == .ignored)
        let second = questions.ask("Two?", choices: ["a", "b"], at: .now())
        #expect(second.number == first.number + 1)
        // An answer to the question before: ignored.
        #expect(questions.answer(0, to: first.number, from: session) == .ignored)
        #expect(questions.answer(1, to: second.number, from: session) == .recorded(changed: false))
        #expect(questions.close()?.answers == [session: 1])
        #expect(questions.open == nil)
        #expect(questions.answer(1, to: second.number, from: session) == .ignored)
    }

    /// A key held down (`ab` repeated) changes an answer 900 times a second: each change past
    /// the bound is refused with the answer that stands, so a session adds at most
    /// 1 + `maximumChanges` answers to the results file a question, however long it types.
    @Test func aSessionChangesItsAnswerAtMostTenTimesAQuestion() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b"], at: .now())
        let (typist, other) = (1, 2)
        var outcomes: [RoomQuestions.Outcome] = []
        for key in 0..<10_000 { outcomes.append(questions.answer(key % 2, to: question.number, from: typist)) }
        let kept = outcomes.filter { if case .recorded = $0 { true } else { false } }
        #expect(kept.count == 1 + RoomQuestions.maximumChanges)
        // The eleventh answer (index 10, an a: answers alternate a, b) was the last kept.
        #expect(outcomes[RoomQuestions.maximumChanges + 1] == .refused(standing: 0))
        #expect(questions.open?.answers[typist] == 0)
        // Another session's bound is its own; the next question starts every count anew.
        #expect(questions.answer(1, to: question.number, from: other) == .recorded(changed: false))
        let next = questions.ask("And?", choices: ["a", "b"], at: .now())
        #expect(questions.answer(1, to: next.number, from: typist) == .recorded(changed: false))
        #expect(questions.answer(0, to: next.number, from: typist) == .recorded(changed: true))
    }

    /// Two hundred sessions answering and changing their minds in any order: the tally is each
    /// one's last answer kept, once (a session's changes past `maximumChanges` are refused, and
    /// its answer stands: the model follows what the room was told).
    @Test func aRoomOfTwoHundredIsTalliedExactly() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b", "c", "d"], at: .now())
        let sessions = Array(1...200)
        var generator = SystemRandomNumberGenerator()
        var last: [Int: Int] = [:]
        for _ in 0..<1000 {
            let session = sessions.randomElement(using: &generator)!
            let choice = Int.random(in: 0..<4, using: &generator)
            switch questions.answer(choice, to: question.number, from: session) {
            case .recorded, .unchanged: last[session] = choice
            case .refused(let standing): #expect(last[session] == standing)
            default: Issue.record("an answer to the open question was neither recorded nor refused")
            }
        }
        let (counts, waiting) = RoomQuestions.tally(questions.open!, people: sessions)
        #expect(counts == (0..<4).map { choice in last.values.filter { $0 == choice }.count })
        #expect(waiting == 200 - last.count)
    }

    /// Issue 47: after the presenter's first step of the search, a watcher changed c to b and
    /// was counted right. The search's first step closes the voting: no answer is taken after it,
    /// neither a first one nor a change, and the one who tries is told the answer that stands.
    @Test func theVotingClosesWhenTheSearchStarts() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b", "c"], at: .now())
        #expect(questions.answer(2, to: question.number, from: 1) == .recorded(changed: false))
        let another = questions.lock(question.number + 1), first = questions.lock(question.number), again = questions.lock(question.number)
        #expect(!another, "only the open question locks")
        #expect(first)
        #expect(!again, "locked once")
        let change = questions.answer(1, to: question.number, from: 1), same = questions.answer(2, to: question.number, from: 1)
        let late = questions.answer(0, to: question.number, from: 2)
        #expect(change == .locked(standing: 2))
        #expect(same == .unchanged)
        #expect(late == .locked(standing: nil))
        let (counts, waiting) = RoomQuestions.tally(questions.open!, people: [1, 2])
        #expect(counts == [0, 0, 1])
        #expect(waiting == 1)
        // The next question is open to answers again.
        let next = questions.ask("And?", choices: ["a", "b"], at: .now())
        let reopened = questions.answer(1, to: next.number, from: 1)
        #expect(reopened == .recorded(changed: false))
    }

    @Test func resultsAreJSONWhateverTheTitles() {
        #expect(JSONValue.string("a \"quote\", a \\, a\nline, a \u{1B} and \u{2028}").text
            == #""a \"quote\", a \\, a\nline, a \u001b and \u2028""#)
        #expect(JSONValue.counts([("a", 1), ("b", 0)]).text == #"{"a":1,"b":0}"#)
        #expect(JSONValue.double(1.5).text == "1.500")
        #expect(JSONValue.double(0.0004).text == "0.000")
    }
}
