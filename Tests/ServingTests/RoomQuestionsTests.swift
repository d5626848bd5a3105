import NIOCore
@testable import Serving
import Testing

/// The room's questions as the server keeps them: each session's answer counted once, its last;
/// answers to another question or to no choice ignored; the tally the presenter and the results
/// file get (issue 35).
@Suite struct RoomQuestionsTests {
    final class Session {}

    @Test func eachSessionCountsOnceItsLastAnswer() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b", "c"], at: .now())
        // Kept alive: an identifier is an address, which a later object may get.
        let objects = (0..<5).map { _ in Session() }
        let sessions = objects.map(ObjectIdentifier.init)
        #expect(questions.answer(0, to: question.number, from: sessions[0]) == (true, false))
        #expect(questions.answer(2, to: question.number, from: sessions[1]) == (true, false))
        // Changed: the first answer no longer counts.
        #expect(questions.answer(1, to: question.number, from: sessions[1]) == (true, true))
        // The same again is no change.
        #expect(questions.answer(1, to: question.number, from: sessions[1]) == (true, false))
        let open = try! #require(questions.open)
        let (counts, waiting) = RoomQuestions.tally(open, sessions: sessions)
        #expect(counts == [1, 1, 0])
        #expect(waiting == 3)
        withExtendedLifetime(objects) {}
    }

    @Test func answersOutOfTurnAreIgnored() {
        var questions = RoomQuestions()
        let object = Session()
        let session = ObjectIdentifier(object)
        #expect(questions.answer(0, to: 1, from: session).accepted == false)
        let first = questions.ask("One?", choices: ["a", "b"], at: .now())
        #expect(questions.answer(2, to: first.number, from: session).accepted == false)
        let second = questions.ask("Two?", choices: ["a", "b"], at: .now())
        #expect(second.number == first.number + 1)
        // An answer to the question before: ignored.
        #expect(questions.answer(0, to: first.number, from: session).accepted == false)
        #expect(questions.answer(1, to: second.number, from: session).accepted)
        #expect(questions.close()?.answers == [session: 1])
        #expect(questions.open == nil)
        #expect(questions.answer(1, to: second.number, from: session).accepted == false)
        withExtendedLifetime(object) {}
    }

    /// Two hundred sessions answering and changing their minds in any order: the tally is each
    /// one's last answer, once.
    @Test func aRoomOfTwoHundredIsTalliedExactly() {
        var questions = RoomQuestions()
        let question = questions.ask("Which?", choices: ["a", "b", "c", "d"], at: .now())
        let sessions = (0..<200).map { _ in Session() }
        var generator = SystemRandomNumberGenerator()
        var last: [ObjectIdentifier: Int] = [:]
        for _ in 0..<1000 {
            let session = ObjectIdentifier(sessions.randomElement(using: &generator)!)
            let choice = Int.random(in: 0..<4, using: &generator)
            _ = questions.answer(choice, to: question.number, from: session)
            last[session] = choice
        }
        let (counts, waiting) = RoomQuestions.tally(questions.open!, sessions: sessions.map(ObjectIdentifier.init))
        #expect(counts == (0..<4).map { choice in last.values.filter { $0 == choice }.count })
        #expect(waiting == 200 - last.count)
    }

    @Test func resultsAreJSONWhateverTheTitles() {
        #expect(JSONValue.string("a \"quote\", a \\, a\nline, a \u{1B} and \u{2028}").text
            == #""a \"quote\", a \\, a\nline, a \u001b and \u2028""#)
        #expect(JSONValue.counts([("a", 1), ("b", 0)]).text == #"{"a":1,"b":0}"#)
        #expect(JSONValue.double(1.5).text == "1.500")
        #expect(JSONValue.double(0.0004).text == "0.000")
    }
}
