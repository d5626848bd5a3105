#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import App
import ArgumentParser
import CursesTerminal
import Navigation
import Storyboards
import Terminal
import Views

/// The options of every command that runs a window (`wallet`, `wallet storyboard run`): looks,
/// trace, headless runs and their keys, demos, the inspector and transitions; and the one way
/// such a window runs, on an in-memory screen or in the terminal.
struct AppRunOptions: ParsableArguments {
    @OptionGroup var looks: LooksOptions

    @OptionGroup var system: SystemOptions

    @OptionGroup var trace: TraceOptions

    @Flag(name: .long, help: "Run on an in-memory screen, feed --keys or --keys-file, print the final screen and exit.")
    var headless = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Screen size for --headless, each from 1 to \(Self.maximumSide) (80x24 by "
        + "default).", valueName: "columnsxrows"))
    var size: String?

    // Taken whatever it looks like: a script may start with "-", as a typed minus sign does.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Keys for --headless: characters, <enter> <esc> <tab> <s-tab> <up> <down> <left> "
        + "<right> <pgup> <pgdn> <home> <end> <bs> <del> <f1>…<f12> <c-x>, <space>, <lt> for <, <hash> for a # at a line's start, <click X Y> "
        + "to click at column X and row Y (from 0), <wait S> to let S seconds pass, <resize WxH> to resize the terminal, <pause> (for --play), <ask> (--play under wallet serve: the paused unwind's question to the room). "
        + "At most \(KeyNotation.maximumSteps) steps.", valueName: "script"))
    var keys = ""

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Keys for --headless from a file (- for standard input), in the notation of "
        + "--keys: line breaks press nothing (write <enter>), a line starting with # is a comment. A script has at most \(KeyNotation.maximumSteps) "
        + "steps (2 s of work at 80x24) and \(KeysFile.maximumBytes >> 20) MiB.", valueName: "file"))
    var keysFile: String?

    @OptionGroup var demo: DemoOptions
    @OptionGroup var inspectorOptions: InspectorOptions
    @OptionGroup var animationOptions: AnimationOptions
    @OptionGroup var served: ServedOptions

    /// The widest and tallest --size, as for a script's `<resize WxH>`.
    static let maximumSide = KeyNotation.maximumSide

    func validate() throws {
        try demo.validate(headless: headless, keysGiven: !keys.isEmpty || keysFile != nil)
    }

    /// The checks that come after the command's own, in the order the wallet has always made them.
    func validateHeadless() throws {
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

    /// Refuses --trace or --record over a file the run reads: the storyboards the window's
    /// storyboard has open, the key script, the demo; or over each other.
    @MainActor
    private func checkOutputsSpareInputs(_ window: Window, storyboard: (option: String, path: String)?) throws {
        var files = OutputsSpareInputs()
        files.add(option: storyboard?.option ?? "", path: storyboard?.path, isOutput: false)
        files.add(storyboardsOf: window.rootViewController?.storyboard)
        files.add(option: "--keys-file", path: keysFile, isOutput: false)
        files.add(option: "--play", path: demo.play, isOutput: false)
        files.add(option: "--trace", path: trace.trace, isOutput: true)
        files.add(option: "--record", path: demo.record, isOutput: true)
        files.add(option: "--cast", path: demo.cast, isOutput: true)
        try files.check()
    }

    /// COLUMNSxROWS, as `KeyNotation.size` reads it.
    private func parsedSize() throws -> Size {
        let text = size ?? "80x24"
        guard let parsed = KeyNotation.size(text) else {
            throw ValidationError("--size must be COLUMNSxROWS, each from 1 to \(Self.maximumSide), as in --size 80x24 (not \"\(text)\")")
        }
        return parsed
    }

    /// The script of --keys, or of --keys-file (read now: standard input can be read only once),
    /// or that of --play, `played`.
    private func parsedKeys(played: [KeyScriptStep]?) throws -> [KeyScriptStep] {
        if let played { return played }
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

    /// Runs the window `makeWindow` builds, headless or in the terminal as the options say. A
    /// storyboard that cannot be used is reported with every problem and its line, before any
    /// terminal is touched, and the command exits 1. `setUp` adds what the command's app has of
    /// its own (the catalog's transitions and status line) before the options are applied.
    @MainActor
    /// `storyboard`: the option (or argument) that named the storyboard file and its path, for
    /// the message that refuses an output over it.
    /// `app`: the app this command runs, which a script that names another is refused on.
    func run(makeWindow: @escaping (Scheduler) throws(StoryboardErrors) -> Window, storyboard: (option: String, path: String)? = nil,
             app: ScriptNeeds.App? = nil, setUp: @escaping (Application) -> Void = { _ in }) throws {
        served.limits.apply()
        if let app { try demo.checkScriptApp(is: app) }
        if headless { try runHeadless(makeWindow, storyboard, setUp) } else { try runInTerminal(makeWindow, storyboard, setUp) }
    }

    @MainActor
    private func runHeadless(_ makeWindow: @escaping (Scheduler) throws(StoryboardErrors) -> Window, _ storyboard: (option: String, path: String)?,
                             _ setUp: @escaping (Application) -> Void) throws {
        let played = try demo.playScript()
        let script = try parsedKeys(played: played?.steps)
        // A script's size is the screen's, unless --size says otherwise (then a note says so).
        let needs = played?.needs ?? ScriptNeeds()
        let size = try (size == nil ? needs.size : nil) ?? parsedSize()
        noteUnmet(needs, size: size, storyboard: storyboard)
        let terminal = MemoryTerminal(size: size, capabilities: TerminalCapabilities(unicode: true, color: false))
        let scheduler = Scheduler(clock: .manual)
        var backend: TerminalBackend = terminal
        if let frames = demo.frames { backend = try FramesWritingBackend(base: terminal, folder: frames) }
        let cast = try demo.openCast(over: backend, clock: { scheduler.now })
        defer { cast?.reportFailure() }
        let window: Window
        do {
            window = try makeWindow(scheduler)
        } catch {
            OutputFile.standardError.writeIfPossible("\(error)\n")
            throw ExitCode.failure
        }
        try checkOutputsSpareInputs(window, storyboard: storyboard)
        let traceWriter = try trace.open(inTerminal: false)
        // The first launch uses the window made above; a restart (F5, F4) makes another.
        var firstWindow: Window? = window
        let stage = try Stage(scheduler: scheduler) { () throws(StoryboardErrors) in
            let window = if let first = firstWindow.take() { first } else { try makeWindow(scheduler) }
            let app = Application(window: window, backend: cast ?? backend, scheduler: scheduler)
            traceWriter?.observe(app.window)
            setUp(app)
            configure(app, headless: true)
            app.apply(needs)
            return app
        }
        // A recording is watched: its keys get time, its captions and pauses marks.
        var caption = ""
        stage.run(script: cast == nil ? script : ScriptPacing.paced(script)) { step in
            switch step {
            case .caption(let text):
                caption = text
                if !text.isEmpty { cast?.mark(text) }
            case .pause: cast?.mark(caption.isEmpty ? "pause" : "pause: " + caption)
            default: break
            }
        }
        do {
            try OutputFile.standardOutput.write(terminal.text + "\n")
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the screen to \(error)\n")
            throw ExitCode.failure
        }
    }

    @MainActor
    private func runInTerminal(_ makeWindow: @escaping (Scheduler) throws(StoryboardErrors) -> Window, _ storyboard: (option: String, path: String)?,
                               _ setUp: @escaping (Application) -> Void) throws {
        // No terminal: refused before --record and --trace open (and empty) their files.
        do {
            try CursesTerminal.checkAvailable()
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: \(error)\n")
            throw ExitCode.failure
        }
        // A script played faster plays the app faster too (its network, its transitions).
        let scheduler = Scheduler(clock: .system, rate: demo.play == nil ? 1 : demo.playSpeed)
        // The storyboard loads, and the trace opens, before ncurses takes the terminal, so that
        // their errors print plainly (and a FIFO's wait for its reader is not a blank screen).
        let window: Window
        do {
            window = try makeWindow(scheduler)
        } catch {
            OutputFile.standardError.writeIfPossible("\(error)\n")
            throw ExitCode.failure
        }
        try checkOutputsSpareInputs(window, storyboard: storyboard)
        let traceWriter = try trace.open(inTerminal: true)
        let played = try demo.playScript()
        let needs = played?.needs ?? ScriptNeeds()
        let notes = noteUnmet(needs, size: Self.terminalSize(), storyboard: storyboard)
        let demoSession = try demo.prepare(script: played)
        var quitByKeys = false
        defer { demoSession.finish(quit: quitByKeys) }
        let terminal = try CursesTerminal.opened(mouse: looks.mouse)
        defer { terminal.end() }
        let start = ContinuousClock.now
        let (servedTerminal, audience, mirror, roomLink) = served.wrap(terminal)
        let cast = try demo.openCast(over: servedTerminal) { (ContinuousClock.now - start) / .seconds(1) }
        defer { cast?.reportFailure() }
        let backend = demoSession.wrap(cast ?? servedTerminal)
        var firstWindow: Window? = window
        let stage = try Stage(scheduler: scheduler) { () throws(StoryboardErrors) in
            let window = if let first = firstWindow.take() { first } else { try makeWindow(scheduler) }
            let app = Application(window: window, backend: backend, scheduler: scheduler)
            traceWriter?.observe(app.window)
            demoSession.holdsKeys = { [unowned app] in app.isAskingToQuit }
            demoSession.onCaption = { [unowned app] caption in
                app.show(caption: caption)
                if !caption.isEmpty { cast?.mark(caption) }
            }
            app.asksBeforeRestart = demoSession.player == nil
            if let player = demoSession.player {
                app.scriptPlayer = ScriptPlayerResponder(player: player) { [unowned app] action, key in app.perform(action, withSender: key) }
                app.overlay.scriptKeys = { [weak player] in player?.keyHints }
                app.overlay.noteRoom = PlayingBackend.noteRoom
            }
            // Followers smaller than this terminal keep the focused control in view.
            mirror?.focus = { [weak app] in app?.focusRect }
            if let roomLink {
                let room = RoomLayer(role: served.framesOut != nil ? .presenter : .attendee, window: app.window, send: roomLink.send)
                room.hidesTally = served.hidesTally
                mirror?.beneath = { [weak room] in room?.beneathPanel }
                app.room = room
                roomLink.onMessage = { [unowned room] in room.receive($0) }
                app.read(roomLink.input, with: roomLink.poll)
                // A script's questions (`#?`), the presenter's.
                demoSession.onAsk = { [unowned room] in room.ask($0, choices: $1, answer: $2) }
                demoSession.onReveal = { [unowned room] in room.revealAsked(takenBack: $0) }
            }
            if let audience {
                app.overlay.audience = audience.text
                audience.onChange = { [unowned app] in app.overlay.audience = $0 }
                if served.windowSize == .smallest {
                    mirror?.laidOut = { [unowned app] in app.layoutLimit == nil ? nil : app.layoutSize }
                    app.layoutLimit = audience.smallest
                    audience.onSmallest = { [unowned app] in app.layoutLimit = $0 }
                }
                app.read(audience.descriptor, with: audience.poll)
            }
            setUp(app)
            configure(app, headless: false)
            app.apply(needs)
            // Said on standard error before the screen was taken, and so seen only after
            // quitting: on the screen too, where the presenter looks.
            // A terminal too small is said until it is large enough.
            if !notes.isEmpty {
                let small = needs.size.map { wanted in { (size: Size) in size.width < wanted.width || size.height < wanted.height } }
                app.show(notice: "Note: " + notes.joined(separator: "; "), while: small.flatMap { small in
                    Self.terminalSize().map(small) == true ? small : nil
                })
            }
            return app
        }
        stage.run(player: demoSession.player)
        quitByKeys = stage.app.hasQuit
        // Ended by a signal: the terminal is restored all the same, and the exit status says
        // which signal, as a shell expects (143 for SIGTERM).
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }

    /// Notes on standard error what a script needs that the run does not give it, or that the
    /// script sets aside: the terminal too small, another storyboard, --inspector or --step.
    @discardableResult
    private func noteUnmet(_ needs: ScriptNeeds, size: Size?, storyboard: (option: String, path: String)?) -> [String] {
        let name = demo.scriptName
        var notes: [String] = []
        if let wanted = needs.size, let size, size.width < wanted.width || size.height < wanted.height {
            notes.append("\(name) is written for a terminal of at least \(wanted.width)x\(wanted.height); this one is \(size.width)x\(size.height), "
                + "so its screens may be cut or collapsed")
        }
        if needs.inspector == false, inspectorOptions.inspector {
            notes.append("\(name) opens the inspector itself, so it starts with it closed: --inspector is set aside")
        }
        if needs.step == false, inspectorOptions.step {
            notes.append("\(name) turns step-through on itself where it wants it, so it starts without: --step is set aside")
        }
        if let wanted = demo.storyboardPath(of: needs),
           storyboard.map({ FileSystem.lastComponent(of: $0.path) }) != FileSystem.lastComponent(of: wanted) {
            notes.append("\(name) is written for \(wanted); run it with --storyboard \(wanted)")
        }
        for note in notes { OutputFile.standardError.writeIfPossible("wallet: note: \(note)\n") }
        return notes
    }

    /// The size of the terminal on standard output, when it is one: what a script's needs are
    /// compared with before ncurses takes it.
    private static func terminalSize() -> Size? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// What the options say of the app's looks, inspector and transitions, headless or not.
    @MainActor
    private func configure(_ app: Application, headless: Bool) {
        app.window.systemVersion = system.ios
        looks.apply(to: app)
        inspectorOptions.apply(to: app)
        animationOptions.apply(to: app, headless: headless)
    }
}

extension KeyNotation {
    /// The script, or a message naming the option it came from.
    static func parse(_ script: String, option: String) throws -> [KeyScriptStep] {
        do {
            return try parse(script)
        } catch {
            throw ValidationError("\(option): \(error.message)")
        }
    }
}
