#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Terminal

/// Why the ncurses backend could not start.
public enum CursesTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, a CI job).
    case notATerminal
    /// ncurses could not set up the terminal named by `TERM` (nil when `TERM` is unset), or the
    /// terminal cannot show a screen (`dumb`, a printing terminal: no cursor addressing).
    case unknownTerminal(String?)

    /// Without the program's name: the command puts it in front ("wallet: needs a terminal…").
    public var description: String {
        switch self {
        case .notATerminal:
            return "needs a terminal: standard input and output must be one; run it in a terminal, or use --headless"
        case .unknownTerminal(let name?):
            return "cannot drive the terminal type \"\(name)\" (TERM): set TERM to one your system knows, such as xterm-256color, or use --headless"
        case .unknownTerminal(nil):
            return "cannot tell which terminal this is: TERM is not set; set it (for example TERM=xterm-256color), or use --headless"
        }
    }
}

/// The real terminal, through ncurses: the one place in the project that calls it.
///
/// Raw mode, so that Ctrl-C arrives as `.control("c")` and the app decides; Esc is answered
/// as soon as the terminal says it sent nothing more, or after a short wait when it says
/// nothing (`TerminalInput`). `end()` (or `deinit`) puts the terminal back; so do SIGTERM,
/// SIGHUP and SIGINT (through the app's loop, see `shouldTerminate`), `exit()`, crashes and every
/// other signal that ends the process (see `TerminalRestoration`). SIGTSTP (and Ctrl-Z, through
/// `suspend()`) puts it back before the process stops, and SIGCONT takes it again, at the size
/// the terminal has then.
///
/// The mouse, where the terminal reports it: a press of the first button is `.click` at its
/// cell, its release `.release` (a drag is the two), the wheel is Up and Down. Reporting is off again whenever the terminal is restored.
public final class CursesTerminal: TerminalBackend {
    public let capabilities: TerminalCapabilities
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// nil without colours (a monochrome terminal): styles are drawn monochrome.
    private var colors: CursesColors?
    private var cursorVisible: Bool?
    private let decoder: CharacterDecoder
    private let input: TerminalInput
    private var ended = false

    /// Starts curses on the process's terminal.
    ///
    /// - Throws: `CursesTerminalError.notATerminal` when standard input or output is not a
    ///   terminal; `.unknownTerminal` when ncurses does not know `TERM`.
    /// Whether the terminal reports the mouse to the app (clicks, the wheel as Up and Down).
    private let usesMouse: Bool

    /// Throws what `init` would for a missing terminal, without touching it: so that a command
    /// can refuse before it opens, and truncates, the files it was given (`--record`, `--trace`).
    public static func checkAvailable() throws(CursesTerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard let name = getenv("TERM"), name.pointee != 0 else { throw .unknownTerminal(nil) }
    }

    public init(mouse: Bool = true) throws(CursesTerminalError) {
        setlocale(LC_ALL, "")
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }

        guard let input = TerminalInput() else { throw .notATerminal }
        TerminalRestoration.install()
        let terminalName = getenv("TERM").map { String(cString: $0) }
        guard let screen = cn_newterm(input.ncursesEnd) else {
            TerminalRestoration.uninstall()
            throw .unknownTerminal(terminalName)
        }
        guard let window = cn_stdscr(), cn_terminal_can_draw() else {
            endwin()
            delscreen(screen)
            TerminalRestoration.uninstall()
            throw .unknownTerminal(terminalName)
        }
        TerminalRestoration.cursesStarted()
        self.screen = screen
        self.window = window
        self.input = input
        usesMouse = mouse

        Self.setModes(window, mouse: mouse)

        // NO_COLOR (https://no-color.org) is the theme's to follow (`Theme.Appearance.mono`), so
        // that a --theme on the command line can override it, as no-color.org asks.
        if has_colors(), start_color() != ERR {
            colors = CursesColors(hasDefaultColors: use_default_colors() != ERR)
        }
        capabilities = TerminalCapabilities(unicode: cn_locale_is_utf8(), color: colors != nil)
        decoder = CharacterDecoder(localeIsUTF8: capabilities.unicode)
        showCursor(false)
        // Until curses has been left once, ncurses flushes its output after every cursor move
        // (lib_mvcur.c, for programs that use terminfo alone), so a frame went out in a hundred
        // writes; leaving and entering again at once, before the first frame, ends that state,
        // and each frame is then one write (or a few, past ncurses' buffer of a screenful).
        endwin()
        doupdate()
        input.askAtStart()
    }

    deinit { end() }

    /// The input modes the app needs: raw keys (Ctrl-C and Ctrl-Z too), no echo, keypad keys as
    /// codes (an arrow is not an Esc), and no wait after Esc: ncurses reads whole keys only
    /// (`TerminalInput`), so a lone ESC is one.
    private static func setModes(_ window: UnsafeMutablePointer<WINDOW>, mouse: Bool) {
        raw()
        noecho()
        nonl()
        keypad(window, true)
        // Every key in every spelling terminals use (CursesKeys.sequences): tmux and screen send
        // the vt220's Home and End (ESC [1~, ESC [4~), which xterm's terminfo, often set inside
        // tmux, does not name; unnamed, End came as Esc and three characters, so it went Back and
        // its 4 selected the fourth tab.
        for (sequence, code) in CursesKeys.sequences { define_key(sequence, code) }
        intrflush(window, false)
        set_escdelay(0)
        // No typeahead check: ncurses polled the key pipe several times around each frame's
        // write, to cut a frame short for keys to come; the app reads every key before it draws
        // (`EventLoop.turn`), so a frame is always whole.
        typeahead(-1)
        // Clicks, where the terminal reports them; endwin (on every way out, see
        // TerminalRestoration) turns the reporting off, so the shell never gets mouse sequences.
        if mouse { _ = cn_mouse_start() }
    }

    // MARK: Suspending

    /// Ctrl-Z: the terminal back as the shell had it, the process (group) stopped as the
    /// terminal's own Ctrl-Z would; once `fg` continues it, curses again at the current size.
    /// The caller redraws everything.
    public func suspend() {
        guard !ended else { return }
        input.settle()
        TerminalRestoration.suspend(wholeProcessGroup: true)
        resume()
    }

    /// After a stop: curses on again with the app's modes (the shell set its own meanwhile, and
    /// endwin turned the keypad off), the cursor as it was, and the size as it is now (a
    /// stopped process gets no SIGWINCH). The next refresh repaints the whole screen.
    private func resume() {
        _ = TerminalRestoration.takeContinued()
        // A SIGSTOP gave no chance to leave curses: leave now, so that entering again is whole.
        if !isendwin() { endwin() }
        // The modes the user set in the shell meanwhile are the ones to leave behind at the end.
        def_shell_mode()
        TerminalRestoration.cursesStarted()
        reset_prog_mode()
        Self.setModes(window, mouse: usesMouse)
        // A read the stop interrupted left an ERR in ncurses' queue, which the next wgetch would
        // return at once; keys typed meanwhile went to the shell anyway.
        flushinp()
        input.discard()
        input.resumeKeyboard()
        var rows: Int32 = 0, columns: Int32 = 0
        if cn_terminal_size(&rows, &columns), rows != cn_lines() || columns != cn_cols() {
            resizeterm(rows, columns)
        }
        let visible = cursorVisible ?? false
        cursorVisible = nil
        showCursor(visible)
        clearok(cn_curscr(), true)
        doupdate()
    }

    /// A stop or continue signal noted by the handlers: handled here, outside the handler, and
    /// answered with `.resize` so that the app draws its whole screen again.
    private func handleJobControl() -> Key? {
        if TerminalRestoration.suspendRequested {
            input.settle()
            TerminalRestoration.suspend(wholeProcessGroup: false)
            resume()
            return .resize
        }
        if TerminalRestoration.takeContinued() {
            resume()
            return .resize
        }
        return nil
    }

    /// Puts the terminal back as it was found: cursor visible, echo on, cooked mode, alternate
    /// screen left. Safe to call more than once; the backend draws and reads nothing afterwards.
    public func end() {
        guard !ended else { return }
        ended = true
        input.settle()
        cn_mouse_stop()
        TerminalRestoration.restore()
        // Curses may be back on if the program ran on after a crash handler restored the terminal.
        if !isendwin() { endwin() }
        delscreen(screen)
        TerminalRestoration.uninstall()
    }

    public var size: Size {
        Size(width: Int(cn_cols()), height: Int(cn_lines()))
    }

    /// True once SIGTERM, SIGHUP or SIGINT arrived, or the terminal went away.
    public var shouldTerminate: Bool { TerminalRestoration.terminationSignal != nil }

    /// The signal that asked the process to stop, if one did (for an exit status of 128 + signal).
    public var terminationSignal: Int32? { TerminalRestoration.terminationSignal }

    // MARK: Drawing

    public func draw(_ changes: [CellChange], cursor: Point?) {
        guard !ended else { return }
        let width = Int(cn_cols()), height = Int(cn_lines())
        for change in changes {
            let point = change.point
            // The wide character to the left already covers a continuation cell.
            guard !change.cell.isContinuation, point.x >= 0, point.y >= 0, point.x < width, point.y < height
            else { continue }
            var character = self.character(for: change.cell)
            // In the bottom-right corner this places the character and returns ERR because the
            // cursor cannot move on without scrolling (scrollok is off): the ERR is expected.
            mvwadd_wch(window, Int32(point.y), Int32(point.x), &character)
        }
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < width, cursor.y < height {
            showCursor(true)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            showCursor(false)
        }
        wrefresh(window)
    }

    private func character(for cell: Cell) -> cchar_t {
        let style = colors == nil ? cell.style.monochrome : cell.style
        let attributes = cn_attributes(UInt32(style.attributes.rawValue))
        let pair = colors?.pair(foreground: style.foreground, background: style.background) ?? 0
        var result = cchar_t()
        // A spacing character and its combining marks; ncurses keeps up to CCHARW_MAX of them.
        var text = cell.character.unicodeScalars.prefix(5).map { wchar_t(truncatingIfNeeded: $0.value) }
        if let first = cell.character.unicodeScalars.first, first.value < 0x20 || (0x7F..<0xA0).contains(first.value)
            || (!capabilities.unicode && !Self.isRepresentable(first)) {
            text = [wchar_t(truncatingIfNeeded: UInt32(first.value < 0x20 ? 0x20 : 0x3F))]
        }
        text.append(0)
        if setcchar(&result, text, attributes, pair, nil) == ERR {
            setcchar(&result, [wchar_t(0x3F), 0], attributes, pair, nil) // "?"
        }
        return result
    }

    /// Whether the locale's encoding can write the character (outside UTF-8, é may be fine, € not).
    private static func isRepresentable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return true }
        var bytes = [CChar](repeating: 0, count: 16)
        var state = mbstate_t()
        return wcrtomb(&bytes, wchar_t(truncatingIfNeeded: scalar.value), &state) != -1
    }

    private func showCursor(_ visible: Bool) {
        guard cursorVisible != visible else { return }
        cursorVisible = visible
        curs_set(visible ? 1 : 0)
    }

    // MARK: Keys

    /// A key, or the wake descriptor's input (`Event.readable`); nil when the time ran out.
    public func readEvent(timeout: Double?) -> Event? {
        woke = nil
        if let key = readKey(timeout: timeout) { return Event(key) }
        return woke.map(Event.readable)
    }

    /// The wake descriptor the last wait ended on.
    private var woke: Int32?

    public func readKey(timeout: Double?) -> Key? {
        guard !ended else { return nil }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: .milliseconds(Self.milliseconds($0))) }
        while !shouldTerminate {
            if let key = handleJobControl() { return key }
            // Keys ncurses has whole (pushed back, a resize, or in its pipe) come first; it never
            // waits itself: the terminal, the wake descriptor and the time are waited on below.
            input.flush()
            wtimeout(window, 0)
            let code = wgetch(window)
            if code != ERR {
                if let key = key(code: code) { return key }
                continue // a key the app has no use for
            }
            input.releaseIfDue()
            if input.pipeHasKeys { continue }
            let until = [deadline, input.heldUntil].compactMap { $0 }.min()
            if let deadline, clock.now >= deadline { return nil }
            let wait = until.map { Int32(min(Self.milliseconds(max(clock.now.duration(to: $0), .zero)), Int(Int32.max))) } ?? -1
            switch Self.waitForInput(orWake: wakeDescriptors, milliseconds: wait) {
            case .wake(let descriptor):
                woke = descriptor
                return nil
            case .hangUp:
                TerminalRestoration.terminalLost()
                return nil
            case .input:
                if input.readTerminal() == .ended {
                    TerminalRestoration.terminalLost()
                    return nil
                }
            case .signalOrTime:
                break // a resize, a stop, a termination, what is held falling due: round again
            }
        }
        return nil
    }

    /// The app's key for what `wgetch` returned, reading the rest of a character of several
    /// bytes; nil for what the app has no use for.
    private func key(code: Int32) -> Key? {
        if code == KEY_MOUSE {
            var x: Int32 = 0, y: Int32 = 0
            switch cn_mouse_event(&x, &y) {
            case 1: return .click(Point(x: Int(x), y: Int(y)))
            case 4: return .release(Point(x: Int(x), y: Int(y)))
            // The wheel as the arrows it sends when the mouse is not reported (alternate scroll).
            case 2: return .up
            case 3: return .down
            default: return nil
            }
        } else if code >= KEY_MIN {
            let key = CursesKeys.key(code: code)
            // Repaint everything on the next refresh: the terminal may have reflowed.
            if key == .resize { clearok(cn_curscr(), true) }
            return key
        } else if code >= 0x80 {
            return readCharacter(startingWith: UInt8(code))
        }
        return CursesKeys.key(character: UInt32(code))
    }

    /// The rest of a character that takes several bytes, already in ncurses' pipe: a character is
    /// passed on whole (`TerminalInput`), so none is waited for. An undecodable byte is dropped;
    /// a byte that ended a sequence without belonging to it is read again as a key of its own.
    private func readCharacter(startingWith first: UInt8) -> Key? {
        var bytes = [first]
        while true {
            switch decoder.decode(bytes) {
            case .complete(let scalar):
                return CursesKeys.key(character: scalar.value)
            case .invalid:
                if bytes.count > 1 { ungetch(Int32(bytes[bytes.count - 1])) }
                return nil
            case .incomplete:
                wtimeout(window, 0)
                let next = wgetch(window)
                guard bytes.count < 8, (0x80...0xFF).contains(next) else {
                    if next != ERR { ungetch(next) }
                    return nil
                }
                bytes.append(UInt8(next))
            }
        }
    }

    /// Descriptors that end a wait for a key when one can be read (`readEvent` then returns
    /// `Event.readable` with it): the frames a follower draws, the audience counts a presenter
    /// shows, the room's questions (`wallet serve`). At its end of file a descriptor stays
    /// readable: remove it then.
    public var wakeDescriptors: [Int32] = []

    private enum WaitResult { case input, signalOrTime, wake(Int32), hangUp }

    /// Waits until the terminal or one of `wake` can be read, a signal arrives or `milliseconds`
    /// pass (for ever when negative).
    private static func waitForInput(orWake wake: [Int32], milliseconds: Int32) -> WaitResult {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
            + wake.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return .signalOrTime }
        if descriptors[0].revents & Int16(POLLIN) != 0 { return .input }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangUp }
        return descriptors.dropFirst().first { $0.revents != 0 }.map { .wake($0.fd) } ?? .signalOrTime
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(min(seconds, Int64(Int32.max))) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
