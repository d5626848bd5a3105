import Terminal
import TestSupport
import Testing

/// What a terminal backend passes on from the bytes it reads, checked against what was typed:
/// keys cut in pieces that arrive a few milliseconds apart, terminals that answer nothing, that
/// answer over a slow link (after every byte they sent before the question), that answer for
/// themselves at once (tmux: before the rest of a key its sender cut), and answers in two reads.
/// Whatever the cuts and the timing, every key goes on whole, in order, nothing lost or added,
/// and a lone Esc goes on by itself.
@Suite("Whole keys from a terminal's reads")
struct WholeKeysTests {
    /// How the simulated terminal answers a status query.
    enum Terminal: CaseIterable {
        /// Never (the shared bench's driver).
        case silent
        /// After a round trip of up to 200 ms: after every byte it sent before the question came.
        case remote
        /// The same, its answer in two reads a few milliseconds apart (a link may cut it).
        case remoteInPieces
        /// At once, before bytes its sender has not written yet (tmux, mosh's server).
        case local
        /// At once, in two reads.
        case localInPieces
    }

    /// A read: bytes that arrive together at a time, in milliseconds from the start.
    struct Arrival {
        var time: Double
        var bytes: [UInt8]
        var isAnswer = false
    }

    /// The keys a person may type (each whole, as `KeyBytesTests.keys`), and a lone Esc.
    static let keys: [[UInt8]] = (KeyBytesTests.keys + ["\u{1B}"]).map { Array($0.utf8) }

    /// What the backend passed on, write by write, when the keys arrived as `arrivals` from `terminal`.
    private func passedOn(_ arrivals: [Arrival], terminal: Terminal, generator: inout SplitMix) -> [[UInt8]] {
        let start = ContinuousClock.now
        func instant(_ milliseconds: Double) -> ContinuousClock.Instant { start + .microseconds(Int(milliseconds * 1000)) }
        var pending = arrivals
        var keys = WholeKeys()
        var sends: [[UInt8]] = []
        var questions = 0
        // The terminal answers in order, each answer whole before the next.
        var lastAnswer = -1.0
        while !pending.isEmpty {
            pending.sort { $0.time < $1.time }
            let arrival = pending.removeFirst()
            // The run loop wakes when what is held falls due, before the next read.
            while let due = keys.heldUntil, due <= instant(arrival.time) {
                sends.append(keys.releaseIfDue(at: due))
            }
            let step = keys.take(arrival.bytes, at: instant(arrival.time))
            if !step.whole.isEmpty { sends.append(step.whole) }
            guard step.ask else { continue }
            // A question is asked about the start of a key, one a read at most: never about an
            // answer, which would make the questions and answers go on for ever.
            questions += 1
            guard questions <= arrivals.count else {
                Issue.record("more questions than reads: the answers are asked about")
                break
            }
            let answer = Array("\u{1B}[0n".utf8)
            switch terminal {
            case .silent: break
            case .remote:
                // Whatever arrives before the answer was sent before it: the link keeps the order.
                lastAnswer = max(arrival.time + Double(generator.next() % 200) + 0.5, lastAnswer + 0.01)
                pending.append(Arrival(time: lastAnswer, bytes: answer, isAnswer: true))
            case .remoteInPieces:
                let first = max(arrival.time + Double(generator.next() % 200) + 0.5, lastAnswer + 0.01)
                lastAnswer = first + Double(generator.next() % 5) + 0.25
                // The link keeps the order: what the terminal sent after its answer comes after all of it.
                var behind = 0
                for index in pending.indices where pending[index].time > first && pending[index].time <= lastAnswer {
                    behind += 1
                    pending[index].time = lastAnswer + Double(behind) / 1000
                }
                pending.append(Arrival(time: first, bytes: Array(answer.prefix(2)), isAnswer: true))
                pending.append(Arrival(time: lastAnswer, bytes: Array(answer.dropFirst(2)), isAnswer: true))
            case .local:
                pending.append(Arrival(time: arrival.time + 0.2, bytes: answer, isAnswer: true))
            case .localInPieces:
                pending.append(Arrival(time: arrival.time + 0.2, bytes: Array(answer.prefix(3)), isAnswer: true))
                pending.append(Arrival(time: arrival.time + 0.3, bytes: Array(answer.dropFirst(3)), isAnswer: true))
            }
        }
        while let due = keys.heldUntil { sends.append(keys.releaseIfDue(at: due)) }
        return sends
    }

    /// Keys typed with their pieces a few milliseconds apart (a key's pieces within 20 ms), and,
    /// after a lone Esc, a pause longer than any wait for an answer, as a person leaves.
    private func typing(_ typed: [[UInt8]], generator: inout SplitMix) -> [Arrival] {
        var arrivals: [Arrival] = []
        var time = 0.0
        for key in typed {
            let pieces = key.count > 1 ? Int(generator.next() % 3) + 1 : 1
            var cuts = Set((1..<pieces).map { _ in Int(generator.next() % UInt64(key.count - 1)) + 1 }).sorted()
            cuts = [0] + cuts + [key.count]
            for (index, (from, to)) in zip(cuts, cuts.dropFirst()).enumerated() where from < to {
                if index > 0 { time += Double(generator.next() % 10) }
                // A piece that arrives with the previous one is in the same read.
                if var last = arrivals.last, last.time == time {
                    last.bytes += key[from..<to]
                    arrivals[arrivals.count - 1] = last
                } else {
                    arrivals.append(Arrival(time: time, bytes: Array(key[from..<to])))
                }
            }
            time += key == [KeyBytes.escape] ? 300 + Double(generator.next() % 100) : Double(generator.next() % 60)
        }
        return arrivals
    }

    @Test("Whatever the cuts, the timing and the terminal, every key goes on whole, in order, and a lone Esc by itself",
          arguments: Terminal.allCases)
    func keysGoOnWhole(terminal: Terminal) {
        var generator = SplitMix(seed: 2126)
        for _ in 0..<2_000 {
            let typed = (0..<Int(generator.next() % 12) + 1).map { _ in Self.keys[Int(generator.next() % UInt64(Self.keys.count))] }
            let sends = passedOn(typing(typed, generator: &generator), terminal: terminal, generator: &generator)
            // Nothing lost, added or reordered, and no answer among the keys.
            #expect(sends.flatMap { $0 } == typed.flatMap { $0 }, "\(typed) became \(sends)")
            // Every read passed on ends where a key ends: none is cut.
            var keyEnds: [Int] = [], sendEnds: Set<Int> = [], offset = 0
            for key in typed {
                offset += key.count
                keyEnds.append(offset)
            }
            offset = 0
            for send in sends {
                offset += send.count
                sendEnds.insert(offset)
            }
            #expect(sendEnds.isSubset(of: keyEnds), "\(typed) was cut: \(sends)")
            // A lone Esc is the last byte of what goes on with it: the next key is not read as its rest.
            for (key, end) in zip(typed, keyEnds) where key == [KeyBytes.escape] {
                #expect(sendEnds.contains(end), "\(typed): Esc went on with what followed it: \(sends)")
            }
        }
    }

    @Test("A key's start is held no longer than ncurses waited, from a terminal not known to answer")
    func silentHoldIsPatience() {
        var keys = WholeKeys()
        let start = ContinuousClock.now
        #expect(keys.take([KeyBytes.escape], at: start) == WholeKeys.Step(whole: [], ask: true))
        #expect(keys.heldUntil == start + WholeKeys.patience)
        #expect(keys.releaseIfDue(at: start + .milliseconds(24)) == [])
        #expect(keys.releaseIfDue(at: start + WholeKeys.patience) == [KeyBytes.escape])
        #expect(keys.heldUntil == nil)
    }

    @Test("From a terminal that has answered, a key's start waits for the answer, then no less than ncurses' wait")
    func answeringHold() {
        var keys = WholeKeys()
        let start = ContinuousClock.now
        _ = keys.take([KeyBytes.escape], at: start)
        _ = keys.take(Array("\u{1B}[0n".utf8), at: start + .milliseconds(1))
        #expect(keys.answers)
        // Answered at once, as tmux answers: still held its patience, for the rest of a cut key.
        #expect(keys.heldUntil == start + WholeKeys.patience)
        #expect(keys.releaseIfDue(at: start + WholeKeys.patience) == [KeyBytes.escape])
        // The next start, from a terminal known to answer, waits up to a slow link's round trip.
        let later = start + .seconds(1)
        _ = keys.take([KeyBytes.escape], at: later)
        #expect(keys.heldUntil == later + WholeKeys.answerPatience)
        // Unanswered all that time: taken for silent again.
        #expect(keys.releaseIfDue(at: later + WholeKeys.answerPatience) == [KeyBytes.escape])
        #expect(!keys.answers)
    }

    @Test("ESCDELAY sets how long a key's start is held, as it sets ncurses' wait; nonsense leaves the default",
          arguments: [("1000", 1000), ("5", 5), ("0", 25), ("-3", 25), ("soon", 25), ("999999", 25), (nil, 25)] as [(String?, Int)])
    func escapeDelay(value: String?, milliseconds: Int) {
        var keys = WholeKeys(patience: WholeKeys.patience(escapeDelay: value))
        let start = ContinuousClock.now
        _ = keys.take([KeyBytes.escape], at: start)
        #expect(keys.heldUntil == start + .milliseconds(milliseconds))
        // A terminal that answers is waited for no less than that either.
        #expect(keys.heldAnswerPatience == max(WholeKeys.answerPatience, .milliseconds(milliseconds)))
    }
}
