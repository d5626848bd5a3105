#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Terminal

/// The terminal's bytes, handed to ncurses only as whole keys (issue 21).
///
/// ncurses decides that ESC is a key of its own by waiting (`ESCDELAY`) for a byte that does
/// not come. Here ncurses reads a pipe instead of the terminal, with its wait at zero, and this
/// fills it: it reads the terminal, asks `WholeKeys` what is whole, what to hold and when to ask
/// the terminal for its status, and writes the whole keys into the pipe.
final class TerminalInput {
    /// The end ncurses reads (its `newterm` input).
    let ncursesEnd: Int32
    private let pipeEnd: Int32
    private let clock = ContinuousClock()
    /// Whole keys not yet in the pipe (it was full).
    private var unsent: [UInt8] = []
    private var keys = WholeKeys(patience: WholeKeys.patience(escapeDelay: getenv("ESCDELAY").map { String(cString: $0) }))

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

    /// Whether the kitty keyboard protocol is on: the terminal answered its question, and
    /// `KittyKeyboard.push` was written.
    private(set) var kittyKeyboardOn = false

    /// Asks the terminal, once at start, whether it speaks the kitty keyboard protocol, then for
    /// its status, which every terminal answers after its answer to the first, if any (issue 34).
    func askAtStart() {
        keys.noteQuestion()
        writeToTerminal(KittyKeyboard.query + KeyBytes.statusQuery)
    }

    /// After a stop: the protocol on again where the terminal speaks it (leaving turned it off).
    func resumeKeyboard() {
        kittyKeyboardOn = false
        turnOnKittyKeyboardIfAnswered()
    }

    /// When what is held goes to ncurses (`WholeKeys.heldUntil`).
    var heldUntil: ContinuousClock.Instant? { keys.heldUntil }

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
        send(keys.releaseIfDue(at: clock.now))
    }

    /// Forgets every key not yet read: what the user typed while the app was stopped went to the shell.
    func discard() {
        unsent.removeAll()
        keys.discard()
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
        let deadline = clock.now + (keys.answers ? keys.heldAnswerPatience : .milliseconds(30))
        while keys.awaitsAnswer {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { return }
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            guard poll(&descriptor, 1, milliseconds) > 0, readTerminal() == .read else { return }
        }
    }

    /// The new bytes: the whole keys into the pipe (the kitty protocol's as the legacy bytes
    /// ncurses reads), and the question when `WholeKeys` asks it.
    private func take(_ bytes: ArraySlice<UInt8>) {
        let step = keys.take(bytes, at: clock.now)
        let whole = kittyKeyboardOn ? KittyKeyboard.legacyBytes(step.whole) : step.whole
        send(CursesKeys.withoutUnknownSequences(whole))
        if step.ask { writeToTerminal(KeyBytes.statusQuery) }
        turnOnKittyKeyboardIfAnswered()
    }

    /// The protocol on, once the terminal said it speaks it: Esc is then a key of its own.
    private func turnOnKittyKeyboardIfAnswered() {
        guard !kittyKeyboardOn, keys.kittyFlags != nil else { return }
        kittyKeyboardOn = true
        // Noted before it is written: a signal between the two still turns it off (a pop the
        // terminal did not need does nothing).
        TerminalRestoration.kittyKeyboardTurnedOn()
        writeToTerminal(KittyKeyboard.push)
    }

    private func writeToTerminal(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Into the pipe, after whatever did not fit before; what does not fit now waits for `flush`.
    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
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
