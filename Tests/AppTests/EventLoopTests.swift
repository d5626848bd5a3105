import App
import Terminal
import Testing

/// The run loop's one queue (issue 34), with a model of its own rather than the app: what any
/// screen driven by `EventLoop` can rely on while it ignores interaction events (the app, while
/// a transition plays).
@MainActor
@Suite("The event loop's queue")
struct EventLoopTests {
    /// Writes down what the loop asks of it; ignores interaction events for `ignoredTurns` frames
    /// after a key `t` (a transition of that many frames); a resize does not wait behind one.
    final class Recorder: EventHandling {
        var isRunning = true
        var log: [String] = []
        var ignoredTurns = 0
        let transitionFrames: Int

        init(transitionFrames: Int = 2) { self.transitionFrames = transitionFrames }

        func sendEvent(_ event: Event) {
            guard let key = event.key else { return }
            log.append(KeyNotation.format(key))
            if key == .character("t") { ignoredTurns = transitionFrames }
        }

        func continuesRun(after event: Event) -> Bool { !isIgnoringInteractionEvents }
        func needsFrame(before event: Event) -> Bool { event == .resize }

        func finishTurn() {
            log.append("|")
            if ignoredTurns > 0 { ignoredTurns -= 1 }
        }

        var isIgnoringInteractionEvents: Bool { ignoredTurns > 0 }
        func interruptsWaiting(_ event: Event) -> Bool { event == .resize }

        func endIgnoringInteractionEvents() {
            if ignoredTurns > 0 { log.append("end") }
            ignoredTurns = 0
        }
    }

    /// The loop after `turns` turns with `keys` typed ahead at the start, then a timer each turn.
    func run(_ keys: [Key], turns: Int, model: Recorder) -> EventLoop {
        let terminal = MemoryTerminal(size: Size(width: 20, height: 5))
        terminal.pendingKeys = keys
        let loop = EventLoop(backend: terminal)
        for _ in 0..<turns {
            let key = terminal.pendingKeys.isEmpty ? nil : terminal.pendingKeys.removeFirst()
            loop.turn(model, with: key.map(Event.init))
        }
        return loop
    }

    @Test("Keys typed while the model ignores interaction events wait in the loop, and are sent in order once it stops, a frame after each")
    func keysWaitForTheTransition() {
        let model = Recorder(transitionFrames: 3)
        let loop = run([.character("t"), .character("a"), .character("b")], turns: 3, model: model)
        // t starts a transition of three frames: a and b, typed during its first two, wait, and
        // go once its last is drawn, in order, a frame after each.
        #expect(model.log.joined(separator: " ") == "t | | | a | b |")
        #expect(loop.waiting.isEmpty)
    }

    @Test("A resize typed during a transition ends it at once, after the keys typed before it and before those typed after it")
    func resizeEndsTheWait() {
        let model = Recorder(transitionFrames: 50)
        let loop = run([.character("t"), .character("a"), .resize, .character("b")], turns: 4, model: model)
        #expect(model.log.joined(separator: " ") == "t | | end a <resize> | b |")
        #expect(loop.waiting.isEmpty)
    }

    @Test("A key typed ahead that needs the frame before it waits for that frame, and goes on the next")
    func readAheadWaitsForTheFrame() {
        let model = Recorder()
        let terminal = MemoryTerminal(size: Size(width: 20, height: 5))
        terminal.pendingKeys = [.character("b"), .resize, .character("c")]
        let loop = EventLoop(backend: terminal)
        loop.turn(model, with: .key(.character("a")))
        #expect(model.log.joined(separator: " ") == "a b | <resize> |")
        #expect(terminal.pendingKeys == [.character("c")])
        #expect(loop.waiting.isEmpty)
    }
}
