import ArgumentParser
import Navigation
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--trace`, `--trace-format`, `--trace-filter`: the engine's steps written where a person or a
/// tool reads them.
struct TraceOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Write every navigation step (segues, the unwind search, transitions, life cycle) to a file, - for "
        + "standard error, as in --trace trace.log; to watch it live, --trace - 2>/dev/pts/3 (tty in another pane names it).", valueName: "file"))
    var trace: String?

    @Option(name: .customLong("trace-format"), help: ArgumentHelp("How --trace writes: text (readable lines, the default) or json (one JSON object a "
        + "line, with seq, kind and controller ids), as in --trace-format json.", valueName: "text|json"))
    var format: TraceFormat?

    @Option(name: .customLong("trace-filter"), help: ArgumentHelp("Which steps --trace writes: all (the default) or segues (everything but the "
        + "life-cycle calls viewDidLoad, viewWillAppear…), as in --trace-filter segues.", valueName: "all|segues"))
    var filter: TraceFilter?

    func validate() throws {
        if trace == nil {
            for (option, given) in [("--trace-format", format != nil), ("--trace-filter", filter != nil)] where given {
                throw ValidationError("\(option) says how --trace writes; add --trace FILE, as in --trace trace.log \(option) "
                    + "\(option == "--trace-format" ? "json" : "segues")")
            }
        }
    }

    /// Where the trace goes, opened before the app starts, as a shell's `>` or `2>` would: a path
    /// that cannot be written ends the run here, with the reason. `inTerminal`: the app is about
    /// to draw on this terminal, so `--trace -` must not write into it.
    @MainActor
    func open(inTerminal: Bool) throws -> TraceWriter? {
        guard let trace else { return nil }
        let file: OutputFile
        if trace == "-" {
            file = inTerminal ? try Self.standardErrorBesideTheApp() : .standardError
        } else {
            do {
                file = try OutputFile.open(path: trace)
            } catch {
                OutputFile.standardError.writeIfPossible("wallet: cannot write the trace to \(error)\n")
                throw ExitCode.failure
            }
        }
        return TraceWriter(file: file, format: format ?? .text, filter: filter ?? .all)
    }

    /// Standard error while the app draws on its terminal. When it is that same terminal, the
    /// trace would be drawn over by the app (and ncurses holds standard error back until the end
    /// anyway), so the run is refused before ncurses starts, saying where to send it instead.
    /// Otherwise (another terminal, a file, a pipe) a copy of the descriptor is written to, so
    /// that each event arrives as it happens, whatever ncurses does with descriptor 2 meanwhile.
    static func standardErrorBesideTheApp() throws -> OutputFile {
        if isatty(STDERR_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            var error = stat(), output = stat()
            if fstat(STDERR_FILENO, &error) == 0, fstat(STDOUT_FILENO, &output) == 0, error.st_rdev == output.st_rdev {
                OutputFile.standardError.writeIfPossible("""
                    wallet: --trace - would write into the terminal the app draws on, where the
                    trace could not be read. Send standard error to another terminal or a file:
                      run tty in a second tmux pane (it prints, say, /dev/pts/3), then here:
                        wallet --trace - 2>/dev/pts/3
                      or: wallet --trace - 2>trace.log   and in another pane: tail -f trace.log
                      or: wallet --trace trace.log

                    """)
                throw ExitCode.failure
            }
        }
        let copy = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        return copy >= 0 ? OutputFile(descriptor: copy, name: "standard error") : .standardError
    }
}

enum TraceFormat: String, ExpressibleByArgument, CaseIterable {
    /// The readable lines `NavigationEvent.description` gives.
    case text
    /// JSON Lines: one object per event (see `NavigationEvent.json(seq:numbers:)`).
    case json
}

enum TraceFilter: String, ExpressibleByArgument, CaseIterable {
    case all
    /// Every event but `lifeCycle` (viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear,
    /// viewDidDisappear): instantiation, should-perform, segue creation, prepare, perform, the
    /// unwind's start, each controller asked, the destination or the abort, the unwind action,
    /// transitions and programming errors are kept.
    case segues

    func keeps(_ event: NavigationEvent) -> Bool {
        switch self {
        case .all: return true
        case .segues: if case .lifeCycle = event { return false } else { return true }
        }
    }
}

/// Writes a window's navigation events as they happen, one line each, with write(2) (nothing is
/// buffered). A write that fails (a full disk, a reader that went away) is reported once; the
/// app goes on without its trace.
@MainActor
final class TraceWriter {
    let file: OutputFile
    let format: TraceFormat
    let filter: TraceFilter
    /// The number of the last line written: 1, 2, 3… with no gaps, whatever the filter leaves out.
    private var seq = 0
    private let numbers = ControllerNumbers()
    private var failed = false

    init(file: OutputFile, format: TraceFormat, filter: TraceFilter) {
        self.file = file
        self.format = format
        self.filter = filter
    }

    /// `text` on one line, whatever the titles in it hold: controls, format characters and line
    /// separators in the notation the screen shows them in (`^J`, `<U+2028>`), so that a title
    /// with a newline cannot split an event in two, nor an escape reach the terminal that
    /// reads `--trace -`.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) else { return text }
        return text.map { $0.visibleForm ?? String($0) }.joined()
    }

    func observe(_ window: Window) {
        _ = window.addObserver { [self] event in write(event) }
    }

    func write(_ event: NavigationEvent) {
        guard !failed, filter.keeps(event) else { return }
        seq += 1
        let line = switch format {
        case .text: Self.oneLine(event.description)
        case .json: event.json(seq: seq, numbers: numbers).text
        }
        do {
            try file.write(line + "\n")
        } catch {
            failed = true
            OutputFile.standardError.writeIfPossible("wallet: cannot write the trace to \(error); the app goes on without it\n")
        }
    }
}
