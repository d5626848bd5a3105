// The C side of the ncurses backend (Sources/CursesTerminal). Swift calls ncurses directly where
// it can; this header holds only what Swift cannot do, each for the reason given:
//
// - ncurses globals (stdscr, curscr, LINES, COLS, COLOR_PAIRS) and the stdio streams are mutable
//   C globals, which Swift 6 strict concurrency refuses to read: small accessors return them.
// - A_* attributes are macros Swift does not import: cn_attributes maps the project's bits.
// - Signal handlers cannot be Swift. They, and what they call (cn_restore_terminal and the
//   standard-error capture it replays, stopping for job control), are here.
// - ioctl is variadic, which Swift does not import: cn_terminal_size asks for the size.
//
// State: one struct, cn_state, defined `weak` so that every object file that emits these inline
// functions shares a single copy. (A `static` variable would be one copy per Swift file in debug
// builds, and Swift's importer does not emit static variables at all.) Only TerminalRestoration.swift
// touches the signal and restoration functions.
#ifndef WALLET_CNCURSES_SHIM_H
#define WALLET_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// MARK: - Globals and macros Swift cannot read

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_colors(void) { return COLORS; }

/// Starts ncurses on the process's own terminal; NULL (not exit) when TERM is unusable.
/// ncurses on standard output, reading its keys from `input` (CursesTerminal's TerminalInput
/// fills it with the terminal's bytes, whole keys at a time); the stream lives as long as the
/// process. The terminal's modes are set on the output, which is the terminal.
static inline SCREEN *cn_newterm(int input) {
    FILE *keys = fdopen(input, "r");
    return keys == NULL ? NULL : newterm(NULL, stdout, keys);
}

/// Whether the terminal newterm just set up can show a screen: it moves the cursor to any
/// place (`cup`) and is neither a printing terminal (`hc`) nor a generic one (`gn`, such as
/// TERM=dumb's cousins). `dumb` itself has no `cup`: drawn on, it prints one garbled line.
static inline bool cn_terminal_can_draw(void) {
    char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1 && tigetflag("hc") <= 0 && tigetflag("gn") <= 0;
}

/// True when the locale (after setlocale) encodes text as UTF-8.
static inline bool cn_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// The project's attribute bits (Terminal.Attributes: bold 1, dim 2, underline 4, reverse 8,
/// italic 16) as ncurses attributes.
static inline attr_t cn_attributes(unsigned bits) {
    attr_t result = A_NORMAL;
    if (bits & 1u) result |= A_BOLD;
    if (bits & 2u) result |= A_DIM;
    if (bits & 4u) result |= A_UNDERLINE;
    if (bits & 8u) result |= A_REVERSE;
#ifdef A_ITALIC
    if (bits & 16u) result |= A_ITALIC;
#endif
    return result;
}

// MARK: - The mouse

// BUTTON1_PRESSED and its kind are expressions of macros, which Swift does not import.

/// Asks the terminal to report presses of the mouse's first button and turns of its wheel
/// (xterm's mouse mode, through the terminal's `kmous` and `XM` capabilities), each as soon as it
/// comes (`mouseinterval(0)`: no waiting to tell a click from a press). False when the terminal
/// reports none. endwin() turns the reporting off again, and the first refresh after it back on.
static inline bool cn_mouse_start(void) {
    mouseinterval(0);
    mmask_t wheel = BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    wheel |= BUTTON5_PRESSED;
#endif
    return mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED | wheel, NULL) != 0;
}

/// Stops the reporting (on the terminal at the next output, or at once after endwin).
static inline void cn_mouse_stop(void) { mousemask(0, NULL); }

/// After wgetch returned KEY_MOUSE, what the mouse did: 1 a press of the first button at the
/// cell put in x and y, 2 the wheel turned up, 3 down, 4 the first button let go at the cell
/// put in x and y (the end of a drag); 0 anything else.
static inline int cn_mouse_event(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) {
        *x = event.x;
        *y = event.y;
        return 1;
    }
    if (event.bstate & BUTTON1_RELEASED) {
        *x = event.x;
        *y = event.y;
        return 4;
    }
    if (event.bstate & BUTTON4_PRESSED) return 2;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 3;
#endif
    return 0;
}

// MARK: - Signals and terminal restoration

#define CN_FATAL_SIGNAL_COUNT 7
/// Slots for the handlers saved by signal number (Linux numbers signals below 65).
#define CN_SIGNAL_SLOTS 65

typedef struct {
    /// 0, or the last of SIGTERM/SIGHUP/SIGINT received: the app should leave its loop.
    volatile sig_atomic_t terminate_signal;
    /// 1 between newterm and endwin: the crash, exit and second-signal paths restore only then.
    volatile sig_atomic_t curses_active;
    /// 1 while standard error goes to `captured_stderr` (an unlinked temporary file) rather than
    /// to the terminal, whose original descriptor is kept in `saved_stderr`.
    volatile sig_atomic_t stderr_captured;
    int saved_stderr;
    int captured_stderr;
    /// Handlers installed (so installing twice does not save our own handlers as "previous").
    int installed;
    int atexit_registered;
    /// The handlers that were there before ours (the Swift runtime's backtracer catches the fatal
    /// signals): a crash restores the terminal first, then hands the signal on to them.
    /// uninstall puts all of them back.
    struct sigaction previous_fatal[CN_FATAL_SIGNAL_COUNT];
    struct sigaction previous_terminate[3];
    /// 1 once SIGTSTP asked the drawing app to stop: it restores the terminal, then stops.
    volatile sig_atomic_t suspend_requested;
    /// 1 once SIGCONT came: the app re-enters curses, which the shell may have left meanwhile.
    volatile sig_atomic_t continued;
    /// The handlers before ours for SIGTSTP, SIGCONT, SIGPIPE and the signals that end the
    /// process by default (cn_ending_signal), by signal number.
    struct sigaction previous_other[CN_SIGNAL_SLOTS];
    /// 1 while the kitty keyboard protocol is on (`CSI > 1 u` written): every way out writes
    /// `CSI < u` to put the terminal's keyboard mode back.
    volatile sig_atomic_t kitty_keyboard_on;
} cn_state_t;

__attribute__((weak)) cn_state_t cn_state = {0};

/// The signals that end the process abnormally, in the order of cn_state.previous_fatal.
static inline int cn_fatal_signal(int index) {
    switch (index) {
    case 0: return SIGSEGV;
    case 1: return SIGBUS;
    case 2: return SIGILL;
    case 3: return SIGTRAP;
    case 4: return SIGABRT;
    case 5: return SIGFPE;
    default: return SIGQUIT;
    }
}

/// The signals that ask the process to stop, in the order of cn_state.previous_terminate.
static inline int cn_terminate_signal(int index) {
    switch (index) {
    case 0: return SIGTERM;
    case 1: return SIGHUP;
    default: return SIGINT;
    }
}

/// While curses owns the screen, what the program writes to standard error (a Swift
/// "Fatal error: …" message, a stray warning) would land on the alternate screen, garbling it and
/// vanishing when the screen is left. It goes to a temporary file instead, and is written out to
/// the terminal once curses is off. Only when standard error is the terminal; a redirection stays.
static inline void cn_capture_stderr(void) {
    if (cn_state.stderr_captured || !isatty(STDERR_FILENO)) return;
    FILE *file = tmpfile(); // already unlinked
    if (file == NULL) return;
    int captured = dup(fileno(file));
    fclose(file);
    int saved = dup(STDERR_FILENO);
    if (captured < 0 || saved < 0 || dup2(captured, STDERR_FILENO) < 0) {
        if (captured >= 0) close(captured);
        if (saved >= 0) close(saved);
        return;
    }
    cn_state.saved_stderr = saved;
    cn_state.captured_stderr = captured;
    cn_state.stderr_captured = 1;
}

/// Points standard error back at the terminal and writes out what was captured. Only
/// async-signal-safe calls: the crash handler uses it.
static inline void cn_release_stderr(void) {
    if (!cn_state.stderr_captured) return;
    cn_state.stderr_captured = 0;
    dup2(cn_state.saved_stderr, STDERR_FILENO);
    close(cn_state.saved_stderr);
    char buffer[4096];
    ssize_t count;
    lseek(cn_state.captured_stderr, 0, SEEK_SET);
    while ((count = read(cn_state.captured_stderr, buffer, sizeof buffer)) > 0) {
        if (write(STDERR_FILENO, buffer, (size_t)count) < 0) break;
    }
    close(cn_state.captured_stderr);
}

/// Leaves curses mode if it is on: cursor shown, echo and cooked mode back, alternate screen left;
/// then shows what was written to standard error meanwhile. endwin() is not async-signal-safe,
/// but restoring the terminal from a crash handler is the common practice, and the process is
/// dying anyway.
static inline void cn_restore_terminal(void) {
    if (cn_state.kitty_keyboard_on) {
        cn_state.kitty_keyboard_on = 0;
        static const char pop[] = "\x1b[<u";
        ssize_t written = write(STDOUT_FILENO, pop, sizeof pop - 1);
        (void)written;
    }
    if (cn_state.curses_active) {
        cn_state.curses_active = 0;
        endwin();
    }
    cn_release_stderr();
}

/// The kitty keyboard protocol turned on (1, after writing `CSI > 1 u`), so that every way out
/// turns it off; 0 once the caller turned it off itself.
static inline void cn_set_kitty_keyboard_on(int on) { cn_state.kitty_keyboard_on = on ? 1 : 0; }

/// Puts the terminal back, then dies of the signal by its default action (unblocked, as it is
/// blocked inside its own handler), so that the exit status names the signal.
static inline void cn_restore_and_die(int signal_number) {
    cn_restore_terminal();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
}

/// SIGTERM, SIGHUP, SIGINT: only note the signal. Installed without SA_RESTART so that a blocking
/// read in wgetch returns ERR and the Swift loop sees the flag. A second signal while the first
/// is still pending (the app did not stop) restores the terminal and dies of it.
static inline void cn_terminate_handler(int signal_number) {
    int saved_errno = errno;
    if (cn_state.terminate_signal != 0) {
        cn_restore_and_die(signal_number);
    } else {
        cn_state.terminate_signal = signal_number;
    }
    errno = saved_errno;
}

/// Crashes (a Swift trap is SIGILL on x86-64, SIGTRAP on arm64): restore the terminal, then let
/// the signal end the process. A fault (raised by the kernel) or an abort() goes on to the
/// handler that was there before, the Swift runtime's backtracer, which prints the crash on the
/// now usable terminal; the same signal sent by another process (kill -SEGV) gets the default
/// action, because the backtracer lets the program run on after such a signal.
static inline void cn_fatal_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    cn_restore_terminal();
    bool from_inside = info != NULL && (info->si_code > 0 || info->si_pid == getpid());
    for (int i = 0; i < CN_FATAL_SIGNAL_COUNT; i++) {
        if (cn_fatal_signal(i) != signal_number) continue;
        struct sigaction next = cn_state.previous_fatal[i];
        if (!from_inside || (!(next.sa_flags & SA_SIGINFO) && next.sa_handler == SIG_IGN)) {
            memset(&next, 0, sizeof next);
            next.sa_handler = SIG_DFL;
            sigemptyset(&next.sa_mask);
        }
        sigaction(signal_number, &next, NULL);
    }
    // Blocked while this handler runs: delivered to the handler just set as soon as it returns.
    // A fault also happens again when its instruction is retried.
    raise(signal_number);
    errno = saved_errno;
}

static inline void cn_atexit_handler(void) { cn_restore_terminal(); }

/// Whether the default action of `signal_number` ends the process and nothing else here handles
/// it (signal(7)): the timers, the user signals, the resource limits, SIGSYS, SIGIO, SIGPWR,
/// SIGSTKFLT and the real-time signals. Their handler restores the terminal, then dies of the
/// signal, so that the exit status still says which (128 + N). SIGPIPE is not one: it is ignored,
/// and a write to a closed pipe fails with EPIPE, which the writer reports.
static inline bool cn_ending_signal(int signal_number) {
    switch (signal_number) {
    case SIGALRM: case SIGVTALRM: case SIGPROF: case SIGUSR1: case SIGUSR2:
    case SIGXCPU: case SIGXFSZ: case SIGSYS: case SIGIO:
#ifdef SIGPWR
    case SIGPWR:
#endif
#ifdef SIGSTKFLT
    case SIGSTKFLT:
#endif
        return true;
    default:
#if defined(SIGRTMIN) && defined(SIGRTMAX)
        // glibc keeps the first real-time signals for itself; SIGRTMIN is the first it leaves.
        return signal_number >= SIGRTMIN && signal_number <= SIGRTMAX;
#else
        // Darwin has no real-time signals.
        return false;
#endif
    }
}

/// Signals whose default action ends the process: restore the terminal, then die of it.
static inline void cn_ending_handler(int signal_number) {
    cn_restore_and_die(signal_number);
}

/// Stops the process as SIGTSTP's default action does, and returns once SIGCONT continues it.
/// `whole_group`: Ctrl-Z read as a key stops the whole process group, as the terminal's own
/// Ctrl-Z would (a wrapper script stops with the app, so that the shell gets the terminal back).
/// The kernel discards it in an orphaned process group (no job-control shell could continue
/// it): then this returns at once. Only async-signal-safe calls.
static inline void cn_stop_process(int whole_group) {
    struct sigaction stop, ours;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &ours);
    sigset_t set, previous;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &set, &previous);
    kill(whole_group ? 0 : getpid(), SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    sigaction(SIGTSTP, &ours, NULL);
}

/// SIGTSTP: while curses draws, only note it (no SA_RESTART, so a blocking read returns): the
/// app restores the terminal and stops from its loop, where curses may be called. Otherwise
/// stop now, as without a handler.
static inline void cn_stop_handler(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    if (cn_state.curses_active) {
        cn_state.suspend_requested = 1;
    } else {
        cn_stop_process(0);
    }
    errno = saved_errno;
}

static inline void cn_continue_handler(int signal_number) {
    (void)signal_number;
    cn_state.continued = 1;
}

/// Ctrl-Z, or the SIGTSTP noted above: the terminal as the shell had it (curses off, standard
/// error shown), then stopped; returns once continued, with curses still off.
static inline void cn_suspend(int whole_group) {
    cn_state.suspend_requested = 0;
    cn_restore_terminal();
    cn_stop_process(whole_group);
}

static inline bool cn_suspend_requested(void) { return cn_state.suspend_requested != 0; }

/// Whether SIGCONT came since the last call (and forgets it).
static inline bool cn_take_continued(void) {
    bool continued = cn_state.continued != 0;
    cn_state.continued = 0;
    return continued;
}

/// The terminal's size now, from the kernel (ncurses learns it only from SIGWINCH, which a
/// stopped process does not get); false when it cannot tell.
static inline bool cn_terminal_size(int *rows, int *columns) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return false;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return true;
}

/// Installs the handlers above (once; again after cn_uninstall_signal_handlers) and an atexit hook,
/// so that exit() from anywhere also restores the terminal. Call before newterm, so that ncurses
/// sees SIGINT/SIGTERM already handled and does not install its own exiting handlers.
static inline void cn_install_signal_handlers(void) {
    if (!cn_state.atexit_registered) {
        cn_state.atexit_registered = 1;
        atexit(cn_atexit_handler);
    }
    if (cn_state.installed) return;
    cn_state.installed = 1;

    // An alternate stack, so that a stack overflow can still run the crash handler. Kept for the
    // life of the process; left alone when the runtime already set one up.
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t stack;
        memset(&stack, 0, sizeof stack);
        stack.ss_size = 64 * 1024;
        stack.ss_sp = malloc(stack.ss_size);
        if (stack.ss_sp != NULL) sigaltstack(&stack, NULL);
    }

    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: a blocking read must return
    action.sa_handler = cn_terminate_handler;
    for (int i = 0; i < 3; i++) sigaction(cn_terminate_signal(i), &action, &cn_state.previous_terminate[i]);

    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_SIGINFO;
    action.sa_sigaction = cn_fatal_handler;
    for (int i = 0; i < CN_FATAL_SIGNAL_COUNT; i++) sigaction(cn_fatal_signal(i), &action, &cn_state.previous_fatal[i]);

    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = cn_ending_handler;
    for (int signal_number = 1; signal_number < CN_SIGNAL_SLOTS; signal_number++) {
        if (cn_ending_signal(signal_number)) sigaction(signal_number, &action, &cn_state.previous_other[signal_number]);
    }

    // Job control: no SA_RESTART, so that a blocking read returns and the loop sees the flags.
    // Installed before newterm, so ncurses keeps its own SIGTSTP handler off (it would stop
    // inside the read and come back with the keypad off).
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = cn_stop_handler;
    sigaction(SIGTSTP, &action, &cn_state.previous_other[SIGTSTP]);
    action.sa_handler = cn_continue_handler;
    sigaction(SIGCONT, &action, &cn_state.previous_other[SIGCONT]);

    // A write to a closed pipe (the trace's reader went away) fails with EPIPE instead.
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &action, &cn_state.previous_other[SIGPIPE]);
}

/// Puts back the handlers that were there before cn_install_signal_handlers.
static inline void cn_uninstall_signal_handlers(void) {
    if (!cn_state.installed) return;
    cn_state.installed = 0;
    for (int i = 0; i < 3; i++) sigaction(cn_terminate_signal(i), &cn_state.previous_terminate[i], NULL);
    for (int i = 0; i < CN_FATAL_SIGNAL_COUNT; i++) sigaction(cn_fatal_signal(i), &cn_state.previous_fatal[i], NULL);
    for (int signal_number = 1; signal_number < CN_SIGNAL_SLOTS; signal_number++) {
        if (cn_ending_signal(signal_number) || signal_number == SIGTSTP || signal_number == SIGCONT || signal_number == SIGPIPE) {
            sigaction(signal_number, &cn_state.previous_other[signal_number], NULL);
        }
    }
}

/// Curses has started: from now on the crash, exit and second-signal paths restore the terminal.
static inline void cn_curses_started(void) {
    cn_state.curses_active = 1;
    cn_capture_stderr();
}
/// 0, or the termination signal received.
static inline int cn_terminate_signal_received(void) { return cn_state.terminate_signal; }
/// Marks the process as asked to stop without a signal (the terminal went away).
static inline void cn_request_termination(int signal_number) { cn_state.terminate_signal = signal_number; }

#endif
