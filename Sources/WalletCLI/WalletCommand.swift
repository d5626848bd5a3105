import ArgumentParser
import CursesTerminal
import Foundation
import Navigation
import Terminal
import Views
import Wallet
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct WalletCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet",
        abstract: "The unwind-segue wallet sample, in the terminal.",
        discussion: """
            Keys:
              Tab / Shift-Tab     move focus
              Up Down (k j)       move in a table, or scroll a long alert;
                                  PgUp PgDn Home End page
              Enter               press the focused button, row or bar button;
                                  in a text field, the right bar button (Send)
              Esc                 the left bar button (Cancel, Back), or close an alert
              n                   New Transfer (a letter presses the button it starts)
              q                   quit, when no text field has focus and no alert shows;
                                  while a transfer is being sent it asks first
              Ctrl-C              quit, anywhere; while sending it asks first,
                                  and a second Ctrl-C quits
              Ctrl-Z              suspend to the shell; fg resumes
              F1 or ?             the keys, in the app
              F2                  the inspector: the controller tree and the last segue
              F3                  step through segues: Space the next step, Enter the rest
              a click             press a button, bar button or row, where the terminal
                                  reports the mouse (--no-mouse leaves it to the terminal)
            """,
        version: WalletVersion.current,
        subcommands: [StoryboardCommand.self]
    )

    @Option(name: .long, help: ArgumentHelp("Run the app from another storyboard file, such as one written for the iOS sample.", valueName: "file"))
    var storyboard: String?

    @Option(name: .long, help: ArgumentHelp("Locale for amounts: separators and symbol position.", valueName: "identifier"))
    var locale = "en_US"

    // Numbers are taken whatever they look like (.unconditional), so that a negative one gets
    // the message about its range rather than "Missing value".
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seconds the simulated network request takes, from 0 to \(Int(Self.maximumNetworkDelay)).", valueName: "seconds"))
    var networkDelay = 2.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Chance, from 0 to 1, that a request fails.", valueName: "p"))
    var failureRate = 0.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seed for which requests fail, to repeat a demo: a whole number from 0 to \(UInt64.max).", valueName: "n"), transform: Self.seed)
    var seed: UInt64?

    @OptionGroup var looks: LooksOptions

    @OptionGroup var trace: TraceOptions

    @Flag(name: .long, help: "Run on an in-memory screen, feed --keys or --keys-file, print the final screen and exit.")
    var headless = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Screen size for --headless, each from 1 to \(Self.maximumSide) (80x24 by default).", valueName: "columnsxrows"))
    var size: String?

    // Taken whatever it looks like: a script may start with "-", as a typed minus sign does.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Keys for --headless: characters, <enter> <esc> <tab> <s-tab> <up> <down> <left> <right> <pgup> <pgdn> <home> <end> <bs> <del> <f1>…<f12> <c-x>, <lt> for <, <wait S> to let S seconds pass.", valueName: "script"))
    var keys = ""

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Keys for --headless from a file (- for standard input), in the notation of --keys: line breaks press nothing (write <enter>), a line starting with # is a comment.", valueName: "file"))
    var keysFile: String?

    @OptionGroup var demo: DemoOptions
    @OptionGroup var inspectorOptions: InspectorOptions
    @OptionGroup var animationOptions: AnimationOptions

    /// The longest simulated request: long enough for any demo, short enough that Sending ends.
    static let maximumNetworkDelay = 3600.0
    /// The widest and tallest --size.
    static let maximumSide = 1000

    private static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else {
            throw ValidationError("needs a whole number from 0 to \(UInt64.max), as in --seed 7")
        }
        return seed
    }

    func validate() throws {
        try demo.validate(headless: headless, keysGiven: !keys.isEmpty || keysFile != nil)
        guard (0...1).contains(failureRate) else {
            throw ValidationError("--failure-rate must be between 0 and 1, as in --failure-rate 0.5")
        }
        guard (0...Self.maximumNetworkDelay).contains(networkDelay) else {
            throw ValidationError("--network-delay must be a number of seconds from 0 to \(Int(Self.maximumNetworkDelay)), as in --network-delay 2")
        }
        guard Locale.availableIdentifiers.contains(locale) || locale == "en_US_POSIX" else {
            throw ValidationError("unknown locale \"\(locale)\": use an identifier such as en_US, nl_NL or de_DE")
        }
        if let path = storyboard, !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no storyboard at \"\(path)\"")
        }
        if headless {
            _ = try parsedSize()
            if keysFile != nil, !keys.isEmpty {
                throw ValidationError("give the keys with --keys or with --keys-file, not both")
            }
            _ = try KeyNotation.parse(keys, option: "--keys")
        } else {
            for (option, given) in [("--keys", !keys.isEmpty), ("--keys-file", keysFile != nil)] where given {
                throw ValidationError("\(option) is for --headless runs; add --headless")
            }
            if size != nil {
                throw ValidationError("--size is for --headless runs (a terminal has its own size); add --headless")
            }
        }
    }

    /// COLUMNSxROWS, digits only on both sides of one x.
    private func parsedSize() throws -> Size {
        let text = size ?? "80x24"
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        guard parts.count == 2, numbers.count == 2, numbers.allSatisfy({ (1...Self.maximumSide).contains($0) }) else {
            throw ValidationError("--size must be COLUMNSxROWS, each from 1 to \(Self.maximumSide), as in --size 80x24 (not \"\(text)\")")
        }
        return Size(width: numbers[0], height: numbers[1])
    }

    /// The script of --keys, or of --keys-file (read now: standard input can be read only once).
    private func parsedKeys() throws -> [KeyScriptStep] {
        if let script = try demo.headlessScript() { return script }
        guard let keysFile else { return try KeyNotation.parse(keys, option: "--keys") }
        let text: String
        do {
            text = try KeysFile.text(at: keysFile)
        } catch {
            throw ValidationError("--keys-file: cannot read \(error)")
        }
        do {
            return try KeyNotation.parse(file: text)
        } catch {
            throw ValidationError("--keys-file \(keysFile == "-" ? "standard input" : "\"\(keysFile)\""), \(error.message)")
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
        // A closed pipe is then a write error that its writer reports (EPIPE), not a silent death.
        signal(SIGPIPE, SIG_IGN)
        // A command-line tool's run() is called on the main thread.
        try MainActor.assumeIsolated {
            try MoneyFormat.$current.withValue(options.moneyFormat) {
                if headless { try runHeadless() } else { try runInTerminal() }
            }
        }
    }

    @MainActor
    private func runHeadless() throws {
        let script = try parsedKeys()
        let terminal = MemoryTerminal(size: try parsedSize(), capabilities: TerminalCapabilities(unicode: true, color: false))
        let app = try makeApplication(on: terminal, clock: .manual)
        try trace.open(inTerminal: false)?.observe(app.window)
        configure(app, headless: true)
        app.run(script: script)
        do {
            try OutputFile.standardOutput.write(terminal.text + "\n")
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the screen to \(error)\n")
            throw ExitCode.failure
        }
    }

    @MainActor
    private func runInTerminal() throws {
        // No terminal: refused before --record and --trace open (and empty) their files.
        do {
            try CursesTerminal.checkAvailable()
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: \(error)\n")
            throw ExitCode.failure
        }
        let scheduler = Scheduler(clock: .system)
        // The storyboard loads, and the trace opens, before ncurses takes the terminal, so that
        // their errors print plainly (and a FIFO's wait for its reader is not a blank screen).
        let window: Window
        do {
            window = try WalletApp.makeWindow(options: options, scheduler: scheduler)
        } catch {
            OutputFile.standardError.writeIfPossible("\(error)\n")
            throw ExitCode.failure
        }
        let traceWriter = try trace.open(inTerminal: true)
        let demoSession = try demo.prepare()
        defer { demoSession.finish() }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(mouse: looks.mouse)
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: \(error)\n")
            throw ExitCode.failure
        }
        defer { terminal.end() }
        traceWriter?.observe(window)
        let app = Application(window: window, backend: demoSession.wrap(terminal), scheduler: scheduler)
        configure(app, headless: false)
        app.run()
        // Ended by a signal: the terminal is restored all the same, and the exit status says
        // which signal, as a shell expects (143 for SIGTERM).
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }

    /// What the options say of the app's looks, inspector and transitions, headless or not.
    @MainActor
    private func configure(_ app: Application, headless: Bool) {
        looks.apply(to: app)
        inspectorOptions.apply(to: app)
        animationOptions.apply(to: app, headless: headless)
    }

    @MainActor
    private func makeApplication(on backend: TerminalBackend, clock: Scheduler.Clock) throws -> Application {
        do {
            return try WalletApp.makeApplication(options: options, backend: backend, scheduler: Scheduler(clock: clock))
        } catch {
            OutputFile.standardError.writeIfPossible("\(error)\n")
            throw ExitCode.failure
        }
    }
}

private extension KeyNotation {
    /// The script, or a message naming the option it came from.
    static func parse(_ script: String, option: String) throws -> [KeyScriptStep] {
        do {
            return try parse(script)
        } catch {
            throw ValidationError("\(option): \(error.message)")
        }
    }
}
