import CNcurses

/// The process-wide side of the backend, kept in C (Sources/CNcurses/shim.h) because signal
/// handlers cannot be Swift: the termination flag, and putting the terminal back whatever ends
/// the program.
///
/// - SIGTERM, SIGHUP, SIGINT only set a flag (no `SA_RESTART`, so a blocking read returns and
///   `readKey` sees it); a second one before the app has stopped restores the terminal and dies.
/// - SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT (a Swift trap is one of these)
///   call `endwin()`, then hand a fault or an abort() on to the handler that was there before
///   (the Swift runtime's backtracer, which prints the crash on the usable terminal); the same
///   signals sent by another process get the default action.
/// - Every other signal whose default action ends the process (SIGALRM, SIGUSR1, SIGUSR2,
///   SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS, SIGIO, SIGPWR, SIGSTKFLT, the real-time
///   signals) calls `endwin()`, then dies of the same signal (exit status 128 + N).
/// - SIGPIPE is ignored: a write to a closed pipe fails with EPIPE, which its writer reports.
/// - SIGTSTP and SIGCONT only set flags; the app's loop restores the terminal and stops
///   (`suspend`), and re-enters curses when continued.
/// - An `atexit` hook calls `endwin()` when `exit()` ends the program while curses is on.
/// - Every one of these paths turns the kitty keyboard protocol off first, when it is on.
/// - Standard error goes to a temporary file while curses is on, and is written out after
///   `endwin()` on every one of these paths: a Swift "Fatal error: …" message stays readable.
enum TerminalRestoration {
    /// Installs the handlers; before `newterm`, so that ncurses keeps its own off these signals.
    static func install() { cn_install_signal_handlers() }

    /// Puts back the handlers that were there before `install`.
    static func uninstall() { cn_uninstall_signal_handlers() }

    /// Curses is on: from now on every way out restores the terminal, and standard error is
    /// held back (in a temporary file) so that it neither garbles the screen nor vanishes with it.
    static func cursesStarted() { cn_curses_started() }

    /// `endwin()` if curses is on, then standard error back on the terminal with what was written
    /// to it meanwhile.
    static func restore() { cn_restore_terminal() }

    /// The kitty keyboard protocol is on: every way out (those above, and `restore`) writes
    /// `CSI < u` first, putting the terminal's keyboard mode back.
    static func kittyKeyboardTurnedOn() { cn_set_kitty_keyboard_on(1) }

    /// SIGTSTP came while curses was on.
    static var suspendRequested: Bool { cn_suspend_requested() }

    /// Restores the terminal and stops the process (or, for Ctrl-Z, its whole process group);
    /// returns once SIGCONT continued it, with curses still off.
    static func suspend(wholeProcessGroup: Bool) { cn_suspend(wholeProcessGroup ? 1 : 0) }

    /// Whether SIGCONT came since the last call.
    static func takeContinued() -> Bool { cn_take_continued() }

    /// The termination signal received, if any.
    static var terminationSignal: Int32? {
        let signal = cn_terminate_signal_received()
        return signal == 0 ? nil : signal
    }

    /// The terminal went away without a signal (end of input, I/O error): stop as on a hang-up.
    static func terminalLost() { cn_request_termination(SIGHUP) }
}
