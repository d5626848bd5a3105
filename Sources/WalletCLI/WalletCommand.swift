import ArgumentParser
import CursesTerminal
import Foundation
import Navigation
import Terminal
import Views
import Wallet

@main
struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "The unwind-segue wallet sample, in the terminal.",
        discussion: """
            Keys:
              Tab / Shift-Tab     move focus
              Up Down (k j)       move in a table; PgUp PgDn Home End page
              Enter               press the focused button, row or bar button;
                                  in a text field, the right bar button (Send)
              Esc                 the left bar button (Cancel, Back), or close an alert
              n                   New Transfer (a letter presses the button it starts)
              q                   quit, when no text field has focus
              Ctrl-C              quit, anywhere
              F1 or ?             the keys, in the app
            """
    )

    @Option(name: .long, help: ArgumentHelp("Run the app from another storyboard file, such as one written for the iOS sample.", valueName: "file"))
    var storyboard: String?

    @Option(name: .long, help: ArgumentHelp("Locale for amounts: separators and symbol position.", valueName: "identifier"))
    var locale = "en_US"

    @Option(name: .long, help: ArgumentHelp("Seconds the simulated network request takes.", valueName: "seconds"))
    var networkDelay = 2.0

    @Option(name: .long, help: ArgumentHelp("Chance, from 0 to 1, that a request fails.", valueName: "p"))
    var failureRate = 0.0

    @Option(name: .long, help: ArgumentHelp("Seed for which requests fail, to repeat a demo.", valueName: "n"))
    var seed: UInt64?

    @Option(name: .long, help: ArgumentHelp("Write every navigation step (segues, the unwind search, transitions, life cycle) to a file, - for standard error.", valueName: "file"))
    var trace: String?

    @Flag(name: .long, help: "Run on an in-memory screen, feed --keys, print the final screen and exit.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("Screen size for --headless.", valueName: "columnsxrows"))
    var size = "80x24"

    // Taken whatever it looks like: a script may start with "-", as a typed minus sign does.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Keys for --headless: characters, <enter> <esc> <tab> <s-tab> <up> <down> <left> <right> <pgup> <pgdn> <home> <end> <bs> <f1>…<f12> <c-x>, <lt> for <, <wait S> to let S seconds pass.", valueName: "script"))
    var keys = ""

    func validate() throws {
        guard (0...1).contains(failureRate) else {
            throw ValidationError("--failure-rate must be between 0 and 1, as in --failure-rate 0.5")
        }
        guard networkDelay >= 0, networkDelay.isFinite else {
            throw ValidationError("--network-delay must be a number of seconds, 0 or more")
        }
        guard Locale.availableIdentifiers.contains(locale) || locale == "en_US_POSIX" else {
            throw ValidationError("unknown locale \"\(locale)\": use an identifier such as en_US, nl_NL or de_DE")
        }
        if let path = storyboard, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no storyboard at \"\(path)\"")
        }
        if headless {
            _ = try parsedSize()
            _ = try parsedKeys()
        } else if !keys.isEmpty {
            throw ValidationError("--keys is for --headless runs; add --headless")
        }
    }

    private func parsedSize() throws -> Size {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
            throw ValidationError("--size must be COLUMNSxROWS, as in --size 80x24")
        }
        return Size(width: parts[0], height: parts[1])
    }

    private func parsedKeys() throws -> [KeyScriptStep] {
        do {
            return try KeyNotation.parse(keys)
        } catch {
            throw ValidationError("--keys: \(error.message)")
        }
    }

    private var options: WalletOptions {
        var options = WalletOptions()
        options.storyboardURL = storyboard.map { URL(fileURLWithPath: $0) }
        options.networkDelay = networkDelay
        options.failureRate = failureRate
        options.seed = seed
        options.locale = Locale(identifier: locale)
        return options
    }

    func run() throws {
        // A command-line tool's run() is called on the main thread.
        try MainActor.assumeIsolated {
            try MoneyFormat.$current.withValue(options.moneyFormat) {
                if headless { try runHeadless() } else { try runInTerminal() }
            }
        }
    }

    @MainActor
    private func runHeadless() throws {
        let terminal = MemoryTerminal(size: try parsedSize(), capabilities: TerminalCapabilities(unicode: true, color: false))
        let app = try makeApplication(on: terminal, clock: .manual)
        try traceNavigation(of: app.window)
        app.run(script: try parsedKeys())
        print(terminal.text)
    }

    @MainActor
    private func runInTerminal() throws {
        let scheduler = Scheduler(clock: .system)
        // The storyboard loads before ncurses takes the terminal, so its errors print plainly.
        let window: Window
        do {
            window = try WalletApp.makeWindow(options: options, scheduler: scheduler)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal()
        } catch {
            FileHandle.standardError.write(Data("wallet: \(error)\n".utf8))
            throw ExitCode.failure
        }
        defer { terminal.end() }
        try traceNavigation(of: window)
        Application(window: window, backend: terminal, scheduler: scheduler).run()
        // Ended by a signal: the terminal is restored all the same, and the exit status says
        // which signal, as a shell expects (143 for SIGTERM).
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }

    /// Writes the window's navigation events, one a line, where `--trace` says.
    @MainActor
    private func traceNavigation(of window: Window) throws {
        guard let trace else { return }
        let handle: FileHandle
        if trace == "-" {
            handle = .standardError
        } else {
            guard FileManager.default.createFile(atPath: trace, contents: nil), let file = FileHandle(forWritingAtPath: trace) else {
                throw ValidationError("cannot write the trace to \"\(trace)\"")
            }
            handle = file
        }
        window.addObserver { event in handle.write(Data("\(event)\n".utf8)) }
    }

    @MainActor
    private func makeApplication(on backend: TerminalBackend, clock: Scheduler.Clock) throws -> Application {
        do {
            return try WalletApp.makeApplication(options: options, backend: backend, scheduler: Scheduler(clock: clock))
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
