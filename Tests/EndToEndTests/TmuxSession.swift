import Foundation
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app in a real terminal: a detached tmux session on a server of its own (`-L`, a unique
/// socket name), so that tests running in parallel and the user's own tmux never meet.
///
/// The app runs inside a small `sh` wrapper that, once the app has ended, prints the app's exit
/// status, whether the terminal settings (`stty -g`) are the ones it found, and `stty -a`, then
/// keeps the pane open so that all of it can be read.
///
/// Call `kill()` when done (`defer { session.kill() }`); `deinit` does it too, as a backstop.
final class TmuxSession {
    /// How long a wait for a screen lasts before the test fails. Generous: CI's machine runs the
    /// whole suite at once, a niced server among it, and a wait that succeeds costs only the time
    /// the screen takes; only a failing test waits it out.
    static let defaultTimeout: Duration = .seconds(30)

    let socket: String
    let walletPath: String
    private let tmux: URL
    /// Where the wrapper writes its report once the app has ended.
    private let resultFile: URL
    /// The server's socket, which tmux leaves behind after `kill-server`.
    private var socketPath: String?
    private var killed = false

    /// What the wrapper printed after the app ended.
    struct Ending {
        /// The app's exit status, as `sh` reports it (128 + N when signal N ended it).
        let exitStatus: Int
        /// `stty -g` after the app is the same as before it.
        let settingsUnchanged: Bool
        /// The words of `stty -a` after the app: `echo`, `-echo`, `icanon`, …
        let flags: Set<String>
        /// The report and the screen, for messages.
        let screen: String
    }

    /// The wallet, launched as `init` launches it, once its first screen (the balance) shows: how
    /// most end-to-end tests begin.
    static func wallet(arguments: [String] = ["--network-delay", "0.3"], width: Int = 80, height: Int = 24,
                       term: String = "xterm-256color", jobControl: Bool = false) async throws -> TmuxSession {
        let session = try await TmuxSession(arguments: arguments, width: width, height: height, term: term, jobControl: jobControl)
        do {
            _ = try await session.waitFor(text: "€ 5,432.01")
        } catch {
            session.kill()
            throw error
        }
        return session
    }

    /// Starts `wallet <arguments>` in a new `width`×`height` session, with `TERM=term`.
    /// Transitions are off unless the arguments name `--animations`, so that a screen waited for
    /// is the screen at rest, as before animations (`AnimationTests` turns them on).
    ///
    /// `jobControl`: the pane runs an interactive bash and the app is one of its jobs, so that the
    /// app can be stopped (`kill -TSTP`, Ctrl-Z) and resumed with `resume()` (`fg`), as a person
    /// does. Otherwise a plain `sh -c` runs it, which has no job control.
    /// `program`: another program to run in the pane instead of the wallet (`ssh`, for a session
    /// of `wallet serve`), with `arguments` as they are.
    init(arguments: [String], width: Int = 80, height: Int = 24, term: String = "xterm-256color", jobControl: Bool = false,
         program: URL? = nil) async throws {
        socket = "wallet-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        tmux = try ProcessRunner.find("tmux")
        let wallet = try program ?? WalletBinary.url()
        walletPath = wallet.path

        resultFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).result")
        let result = shellQuoted(resultFile.path)
        let arguments = program != nil || arguments.contains("--animations") ? arguments : arguments + ["--animations", "off"]
        let command = ([wallet.path] + arguments).map(shellQuoted).joined(separator: " ")
        // The report goes to a file (written whole, then renamed), so that a small window
        // scrolling it away loses nothing; it is shown on the screen as well. Under job control
        // bash goes on with a command line when the app stops, so the report waits while a job
        // is stopped, and `resume()` asks for it again after `fg`.
        let report = """
            e2e_report() { status=$?; \(jobControl ? #"if [ -n "$(jobs -ps)" ]; then return; fi; "# : "")\
            after=$(stty -g); \
            { echo "E2E-EXIT=$status"; \
              if [ "$before" = "$after" ]; then echo "E2E-STTY=unchanged"; else echo "E2E-STTY=changed"; fi; \
              stty -a; } > \(result).part; mv \(result).part \(result); \
            echo; cat \(result); echo "E2E-END"; }
            """
        let script = "export LANG=\(UTF8Locale.name) TERM=\(shellQuoted(term)); before=$(stty -g); \(report); \(command); e2e_report"
        let pane: [String]
        if jobControl {
            pane = ["bash", "--norc", "--noprofile", "-i"]
        } else {
            pane = ["sh", "-c", script + "; exec sleep 600"]
        }
        // One tmux invocation: the server starts, the option is set, then the session is made
        // (tmux would otherwise give the pane TERM=tmux-256color). It goes through bash, which
        // closes every descriptor but 0-2 first: Foundation's Process on Linux learns that a child
        // ended when a socket the child inherited closes, and the tmux server, a daemon forked by
        // this client, would otherwise keep that socket (and the test waiting) for its lifetime.
        try await tmuxCommand(startingServer: true, [
            "set-option", "-g", "default-terminal", "xterm-256color", ";",
            "new-session", "-d", "-s", "s", "-x", "\(width)", "-y", "\(height)",
            "-e", "LANG=\(UTF8Locale.name)", "-e", "TERM=xterm-256color", "-e", "PS1=$ ",
            "--",
        ] + pane + [
            // A test run that crashes calls no kill(): tmux itself runs a watchdog that ends this
            // server (#{pid}, and the app in it) within seconds of the test's process, so that
            // none is left behind (issue 43 found some hours old); it ends with the server too.
            ";", "run-shell", "-b",
            "while kill -0 \(getpid()) 2>/dev/null && kill -0 #{pid} 2>/dev/null; do sleep 3; done; kill #{pid} 2>/dev/null; true",
        ])
        socketPath = try? await tmuxCommand(["display-message", "-p", "#{socket_path}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if jobControl {
            try await type(script)
            try await send(keys: "Enter")
        }
    }

    /// `fg` in the pane's shell (a `jobControl` session): the stopped app continues in the
    /// foreground, and the report follows when it ends.
    func resume() async throws {
        try await type("fg; e2e_report")
        try await send(keys: "Enter")
    }

    deinit { kill() }

    /// Ends the tmux server, the wrapper and whatever still runs in the pane.
    func kill() {
        guard !killed else { return }
        killed = true
        let process = Process()
        process.executableURL = tmux
        process.arguments = ["-f", "/dev/null", "-L", socket, "kill-server"]
        process.environment = WalletBinary.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if (try? withSignalsUnblocked({ try process.run() })) != nil { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: resultFile)
        if let socketPath, socketPath.contains(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    // MARK: tmux

    @discardableResult
    /// Each command's bound is the sessions' one: a tmux command takes milliseconds, but starting
    /// its server took over 10 s once on a machine running the whole suite, and a bound that
    /// holds costs nothing.
    func tmuxCommand(startingServer: Bool = false, _ arguments: [String]) async throws -> String {
        let command = [tmux.path, "-f", "/dev/null", "-L", socket] + arguments
        let result: ProcessResult
        if startingServer {
            let closeAndRun = #"for fd in /dev/fd/*; do fd=${fd##*/}; if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null; fi; done; exec "$@""#
            result = try await ProcessRunner.run(
                try ProcessRunner.find("bash"), ["-c", closeAndRun, "bash"] + command,
                environment: WalletBinary.environment, timeout: TmuxSession.defaultTimeout
            )
        } else {
            result = try await ProcessRunner.run(
                tmux, Array(command.dropFirst()), environment: WalletBinary.environment, timeout: TmuxSession.defaultTimeout
            )
        }
        guard result.status == 0 else {
            throw EndToEndError("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Keys by tmux's names: `Enter`, `Escape`, `Down`, `BTab`, `C-c`, or a single character.
    func send(keys: String...) async throws {
        try await tmuxCommand(["send-keys", "-t", "s"] + keys)
    }

    /// Sends keys, then waits for `text`: one step of a story. Returns the screen that shows it.
    @discardableResult
    func send(_ keys: String..., thenWaitFor text: String) async throws -> String {
        try await tmuxCommand(["send-keys", "-t", "s"] + keys)
        return try await waitFor(text: text)
    }

    /// Quits with q and waits for the app to end: how a story ends.
    /// q, and a second q where the session's menu asks before it leaves.
    func quit() async throws -> Ending {
        try await send(keys: "q")
        let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
        while ContinuousClock.now < deadline, (try? String(contentsOf: resultFile, encoding: .utf8)) == nil {
            if let screen = try? await capture(), screen.contains("q again leaves") {
                try await send(keys: "q")
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await waitForEnding()
    }

    /// Text typed literally, character by character.
    func type(_ text: String) async throws {
        try await tmuxCommand(["send-keys", "-t", "s", "-l", text])
    }

    /// The screen as text (trailing blanks trimmed). `joined`: lines that wrapped are joined.
    func capture(joined: Bool = false) async throws -> String {
        try await tmuxCommand(["capture-pane", "-p", "-t", "s"] + (joined ? ["-J"] : []))
    }

    func resize(width: Int, height: Int) async throws {
        try await tmuxCommand(["resize-window", "-t", "s", "-x", "\(width)", "-y", "\(height)"])
    }

    // MARK: Waiting

    /// Polls the screen every 50 ms until `condition` holds, and returns that screen; after
    /// `timeout` (generous: this is no measure of speed) throws with the last screen seen.
    @discardableResult
    func waitUntil(
        _ description: String,
        timeout: Duration = TmuxSession.defaultTimeout,
        joined: Bool = false,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while true {
            screen = try await capture(joined: joined)
            if condition(screen) { return screen }
            if ContinuousClock.now > deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw EndToEndError("""
            gave up waiting for \(description) after \(timeout); the last screen was:
            ┌\(String(repeating: "─", count: 20))
            \(screen.split(separator: "\n", omittingEmptySubsequences: false).map { "│" + $0 }.joined(separator: "\n"))
            └\(String(repeating: "─", count: 20))
            """)
    }

    @discardableResult
    func waitFor(text: String, timeout: Duration = TmuxSession.defaultTimeout) async throws -> String {
        try await waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the app to end and the wrapper to report.
    func waitForEnding(timeout: Duration = TmuxSession.defaultTimeout) async throws -> Ending {
        let deadline = ContinuousClock.now + timeout
        var report: String?
        while true {
            report = try? String(contentsOf: resultFile, encoding: .utf8)
            if report != nil || ContinuousClock.now > deadline { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let screen = (try? await capture()) ?? ""
        guard let report else {
            throw EndToEndError("""
                gave up waiting for the app to end after \(timeout); the last screen was:
                \(screen)
                """)
        }
        let lines = report.split(separator: "\n").map(String.init)
        guard let exitLine = lines.first(where: { $0.hasPrefix("E2E-EXIT=") }),
              let status = Int(exitLine.dropFirst("E2E-EXIT=".count).trimmingCharacters(in: .whitespaces))
        else { throw EndToEndError("the wrapper reported no exit status:\n\(report)") }
        var flags = Set<String>()
        for line in lines where !line.hasPrefix("E2E-") {
            for word in line.split(whereSeparator: { $0 == " " || $0 == ";" }) { flags.insert(String(word)) }
        }
        return Ending(
            exitStatus: status, settingsUnchanged: lines.contains("E2E-STTY=unchanged"),
            flags: flags, screen: "report:\n\(report)\nscreen:\n\(screen)"
        )
    }

    /// Whether the pane shows the alternate screen, and whether its cursor is visible.
    func paneModes() async throws -> (alternateScreen: Bool, cursorVisible: Bool) {
        let modes = try await tmuxCommand(["display-message", "-p", "-t", "s", "#{alternate_on} #{cursor_flag}"])
            .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return (modes.first == "1", modes.last == "1")
    }

    // MARK: The app's process

    /// The wallet's process id: the child of the pane's shell whose program is the wallet.
    func walletPID(timeout: Duration = TmuxSession.defaultTimeout) async throws -> pid_t {
        let shell = try await tmuxCommand(["display-message", "-p", "-t", "s", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = ContinuousClock.now + timeout
        while true {
            let children = Platform.children(of: pid_t(shell) ?? 0)
            if let wallet = children.first(where: { Platform.runs($0, walletPath) }) { return wallet }
            if ContinuousClock.now > deadline {
                throw EndToEndError("no wallet process under the pane's shell (pid \(shell)); its children: \(children)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension String {
    /// The screen's lines.
    var lines: [Substring] { split(separator: "\n", omittingEmptySubsequences: false) }
}
