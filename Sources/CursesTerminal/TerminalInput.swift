#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Terminal

/// The terminal's bytes, handed to ncurses only as whole keys (issue 21).
///
/// ncurses decides that ESC is a key of its own by waiting (`ESCDELAY`) for a byte that does
/// not come. Here ncurses reads a pipe instead of the terminal, and this fills it: whatever
/// arrives whole goes through at once, with ncurses' wait at zero; what ends in the start of a
/// sequence (a lone ESC is one) is held `patience`, as long as ncurses' wait was, and the
/// terminal is asked for its status (`KeyBytes.statusQuery`). Its answer comes after every byte
/// it sent before the question reached it, so a terminal that has answered before is waited for
/// until it answers (`answerPatience`, a slow link's round trip): the rest of a key split on
/// that link still joins it, however late. One that lets that pass is taken for silent again.
/// The answer never shortens the hold: a terminal that answers for itself (tmux, mosh's server)
/// answers at once, before the rest of a key that its sender wrote in two pieces. The answers
/// are taken out of the input, never keys.
final class TerminalInput {
    /// How long a sequence's start is held at least, and at most when the terminal is not known
    /// to answer: ncurses' own wait, the rest of a key split by its sender a few milliseconds
    /// apart (tmux `send-keys` twice: 12 ms for a 10 ms pause) still joins it.
    static let patience: Duration = .milliseconds(25)
    /// How long it is held for the answer of a terminal that has answered before.
    static let answerPatience: Duration = .milliseconds(250)

    /// The end ncurses reads (its `newterm` input).
    let ncursesEnd: Int32
    private let pipeEnd: Int32
    private let clock = ContinuousClock()
    /// Whole keys not yet in the pipe (it was full).
    private var unsent: [UInt8] = []
    /// The start of a sequence, not yet whole, and since when.
    private var held: [UInt8] = []
    /// The start of an answer that came after what is held, until its rest comes.
    private var answerStart: [UInt8] = []
    private var heldSince: ContinuousClock.Instant?
    /// Questions asked and answers taken out, counted; the question asked about what is held.
    private var asked = 0, answered = 0
    private var heldQuestion: Int?
    /// Whether the terminal answers: it did last time it was asked in time.
    private var answers = false

    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        ncursesEnd = ends[0]
        pipeEnd = ends[1]
        _ = fcntl(ncursesEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnd, F_SETFL, fcntl(pipeEnd, F_GETFL) | O_NONBLOCK)
    }

    /// ncurses' input stream owns the other end, for the process's life.
    deinit { close(pipeEnd) }

    /// When what is held goes to ncurses: `patience` after it came once the terminal has
    /// answered the question about it, or when it is not known to answer; `answerPatience` after
    /// it came from a terminal that answers, until it does; nil when nothing is held.
    var heldUntil: ContinuousClock.Instant? {
        guard let heldSince else { return nil }
        let isAnswered = heldQuestion.map { answered >= $0 } ?? false
        return heldSince + (answers && !isAnswered ? Self.answerPatience : Self.patience)
    }

    /// Whether ncurses has keys to read that it has not read.
    var pipeHasKeys: Bool {
        var descriptor = pollfd(fd: ncursesEnd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    enum ReadResult { case read, interrupted, ended }

    /// Reads what the terminal has sent (standard input is readable) and passes the whole keys on.
    func readTerminal() -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? .interrupted : .ended }
        if count == 0 { return .ended }
        take(buffer[..<count])
        return .read
    }

    /// Gives ncurses what is held once it is due (`heldUntil`).
    func releaseIfDue() {
        guard let heldUntil, clock.now >= heldUntil else { return }
        // Held its whole patience unanswered: this terminal is taken not to answer, until it does.
        if let heldQuestion, answered < heldQuestion { answers = false }
        release()
    }

    /// Forgets every key not yet read: what the user typed while the app was stopped went to the shell.
    func discard() {
        unsent.removeAll()
        held.removeAll()
        answerStart.removeAll()
        heldSince = nil
        heldQuestion = nil
        var scratch = [UInt8](repeating: 0, count: 4096)
        var descriptor = pollfd(fd: ncursesEnd, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, 0) > 0, scratch.withUnsafeMutableBytes({ read(ncursesEnd, $0.baseAddress, $0.count) }) > 0 {}
        tcflush(STDIN_FILENO, TCIFLUSH)
    }

    /// Before the terminal goes back to the shell (the app ends or stops): waits a little for
    /// answers still to come, which the shell would otherwise read as typed text: a quit within a
    /// round trip of an Esc. `answerPatience` at most from a terminal that answers, 30 ms from
    /// one not known to (it may never answer).
    func settle() {
        let deadline = clock.now + (answers ? Self.answerPatience : .milliseconds(30))
        while answered < asked {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { return }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            guard poll(&descriptor, 1, milliseconds) > 0, readTerminal() == .read else { return }
        }
    }

    /// The new bytes after what is held: answers are taken out, whole units go on, and the start
    /// of one that is not whole yet is held. Answers are taken out wherever they begin, before the
    /// bytes are divided: a terminal that answers for itself (tmux, mosh's server) may answer
    /// between two pieces of a key its sender split, and the answer's ESC must not end the held
    /// start as a malformed sequence. The start of an answer that comes after a held start is set
    /// aside (`answerStart`) until the rest of the answer comes. Taking one out may leave a held
    /// start (ESC, then an answer), which stays held its `patience`.
    private func take(_ bytes: ArraySlice<UInt8>) {
        var kept: [UInt8] = []
        let input = held + answerStart + bytes
        answerStart.removeAll()
        var index = 0
        while index < input.count {
            // Taken out whether or not this process asked: a keyboard never sends one, and one may
            // be on its way to the next program on the terminal (the menu's choice).
            if input[index] == KeyBytes.escape, let answer = KeyBytes.statusAnswers.first(where: { input[index...].starts(with: $0) }) {
                answered = min(answered + 1, asked)
                answers = true
                index += answer.count
            } else {
                kept.append(input[index])
                index += 1
            }
        }
        // An answer begun after the start of a key: the key's start stays held apart from it.
        if answered < asked, let escape = kept.lastIndex(of: KeyBytes.escape), escape > 0,
           KeyBytes.statusAnswers.contains(where: { $0.count > kept.count - escape && $0.starts(with: kept[escape...]) }),
           KeyBytes.wholeLength(of: kept[..<escape]) < escape {
            answerStart = Array(kept[escape...])
            kept.removeSubrange(escape...)
        }
        let whole = KeyBytes.wholeLength(of: kept)
        let startedBefore = held.isEmpty ? nil : heldSince
        send(Array(kept[..<whole]))
        held = Array(kept[whole...])
        if held.isEmpty {
            heldSince = nil
            heldQuestion = nil
        } else if startedBefore == nil || whole > 0 {
            // A new start of a sequence: ask about it.
            heldSince = clock.now
            ask()
        }
    }

    private func release() {
        // An answer's start that its rest never followed was typed after all.
        send(held + answerStart)
        held.removeAll()
        answerStart.removeAll()
        heldSince = nil
        heldQuestion = nil
    }

    private func ask() {
        asked += 1
        heldQuestion = asked
        KeyBytes.statusQuery.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Into the pipe, after whatever did not fit before; what does not fit now waits for `flush`.
    private func send(_ bytes: [UInt8]) {
        unsent.append(contentsOf: bytes)
        flush()
    }

    /// Writes what waits for room in the pipe.
    func flush() {
        while !unsent.isEmpty {
            let written = unsent.withUnsafeBytes { write(pipeEnd, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            unsent.removeFirst(written)
        }
    }
}
