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
/// - An `atexit` hook calls `endwin()` when `exit()` ends the program while curses is on.
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

    /// The termination signal received, if any.
    static var terminationSignal: Int32? {
        let signal = cn_terminate_signal_received()
        return signal == 0 ? nil : signal
    }

    /// The terminal went away without a signal (end of input, I/O error): stop as on a hang-up.
    static func terminalLost() { cn_request_termination(SIGHUP) }
}
