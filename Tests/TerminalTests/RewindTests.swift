import Terminal
import Testing

@Suite("Restart and rewind: the steps that bring a new app to where a script is")
struct ScriptHistoryTests {
    static func history(_ script: String) throws -> ScriptHistory {
        var history = ScriptHistory()
        for (index, step) in try KeyNotation.parse(script).enumerated() { history.record(step, at: index) }
        return history
    }

    @Test("F5 in a script empties the history: the app is as launched, and the steps after it count from there")
    func restartEmpties() throws {
        let history = try Self.history("ab<pause>c<f5>de")
        #expect(history.steps == [.press(.character("d")), .press(.character("e"))])
        #expect(history.nextIndex == 7)
    }

    @Test("F4 goes back to the last pause, which is kept, and the script goes on after the F4; with no pause before, to the launch")
    func rewindToTheLastPause() throws {
        #expect(try Self.history("a<pause>bc<f4>").steps == [.press(.character("a")), .pause])
        #expect(try Self.history("a<pause>b<pause>c<f4>").steps == [.press(.character("a")), .pause, .press(.character("b")), .pause])
        #expect(try Self.history("a<pause>b<f4>d").steps == [.press(.character("a")), .pause, .press(.character("d"))])
        #expect(try Self.history("abc<f4>").steps.isEmpty)
    }

    @Test("From a pause with nothing since (standing at it, or just rewound to it) F4 goes to the one before, as from a slide to the slide before")
    func fromAPause() throws {
        #expect(try Self.history("a<pause>b<pause>c<f4><f4>").steps == [.press(.character("a")), .pause])
        let atSecond = try Self.history("a<pause>b<pause><f4>")
        #expect(atSecond.steps == [.press(.character("a")), .pause])
        #expect(atSecond.nextIndex == 2)
        #expect(try Self.history("a<pause><f4>").steps.isEmpty)
        #expect(try Self.history("a<pause><f4>").nextIndex == 0)
    }
}

@MainActor
@Suite("F4 and F5 while --play plays a script")
struct PlayingRewindTests {
    @Test("F4 at a pause goes back to the pause before, paused there; the replay is the steps before it at their pace, the time paused included")
    func rewindAtAPause() throws {
        let (player, clock, _) = try PlayingBackendTests.make("a<pause>b<wait 2><pause>c",
                                                               typing: [(5, .character(" ")), (20, .function(4)), (30, .character(" "))])
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(player.readKey(timeout: nil) == .function(4))
        #expect(player.isPaused)
        #expect(player.note == .paused)
        #expect(player.replay == [.wait(1), .press(.character("a")), .wait(0.125), .pause])
        // Space goes on from the first pause, as the first time.
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(clock.now == 30.125)
        #expect(player.replay == [.wait(1), .press(.character("a")), .wait(0.125), .pause, .wait(10), .press(.character("b")), .wait(0.125)])
    }

    @Test("F4 between two pauses goes back to the first; with no pause before, to the launch, paused before the first key")
    func rewindBetweenPauses() throws {
        let (player, _, _) = try PlayingBackendTests.make("ab<wait 10>c", typing: [(3, .function(4)), (4, .character(" "))])
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(player.readKey(timeout: nil) == .function(4))
        #expect(player.replay.isEmpty)
        #expect(player.isPaused)
        #expect(player.readKey(timeout: nil) == .character("a"))
    }

    @Test("F5 starts the script again from its beginning, lead-in included, even after it has ended")
    func restart() throws {
        let (player, clock, _) = try PlayingBackendTests.make("ab", typing: [(5, .function(5))])
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(player.readKey(timeout: nil) == .character("b"))
        // The end gets the app a frame of its own, its keys back on the keys' row.
        #expect(player.readKey(timeout: nil) == nil)
        #expect(player.hasEnded && player.keyHints == nil)
        #expect(player.readKey(timeout: nil) == .function(5))
        #expect(!player.hasEnded && player.keyHints != nil)
        #expect(player.replay.isEmpty)
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(clock.now == 6)
    }
}
