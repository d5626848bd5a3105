import ArgumentParser
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--play`, `--play-speed` and `--record`: scripted demos in the real terminal.
///
/// `--play FILE` types a key script into the app at a human pace (`PlayingBackend`); with
/// `--headless` it runs the script as `--keys-file` does, a `<pause>` doing nothing, so that a
/// demo can be checked without a terminal. `--record FILE` writes what is typed as such a
/// script (`RecordingBackend`), with a header saying when and how it was recorded.
struct DemoOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Play a key script in the terminal at a human pace, for a demo you talk over: the notation of --keys-file, "
        + "plus <pause>, which waits for your Space. q stops it and quits; other keys wait until it ends. With --headless, runs it as --keys-file "
        + "does. Example: --play Assets/Demos/send.keys", valueName: "file"))
    var play: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How fast --play goes, from \(Self.speeds.lowerBound) to "
        + "\(Int(Self.speeds.upperBound)): 1 types 8 keys a second and waits as the script says; 2 is twice as fast, waits too. Example: --play-speed "
        + "0.5", valueName: "factor"))
    var playSpeed = 1.0

    @Option(name: .long, help: ArgumentHelp("Write the keys you type to a script that --play plays back, pauses of more than a second as <wait S>; "
        + "written as you type. Example: --record my-demo.keys", valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("Write what the app draws as an asciinema recording (asciicast v2) that any terminal-demo player "
        + "plays; headless, its clock is the script's (<wait S> moves it). Example: --cast send.cast", valueName: "file"))
    var cast: String?

    @Option(name: .long, help: ArgumentHelp("With --headless, write each frame drawn as text, frame-00001.txt and on, into the folder (made if "
        + "missing), for slides and docs. Example: --frames frames", valueName: "folder"))
    var frames: String?

    @Flag(name: .long, help: "Let --cast, --frames and --record replace files that are already there (refused without it, as asciinema does).")
    var overwrite = false

    static let speeds = 0.1...100.0

    func validate() throws {
        guard Self.speeds.contains(playSpeed) else {
            throw ValidationError("--play-speed must be from \(Self.speeds.lowerBound) to \(Int(Self.speeds.upperBound)), as in --play-speed 2")
        }
    }

    /// Refuses to replace a take-home file (a recording, a cast, frames) without `--overwrite`:
    /// a playback line run twice, or a name given again, must not destroy the first take. A
    /// FIFO or a device (`/dev/stdout`) is written as always.
    func checkOverwrites() throws {
        guard !overwrite else { return }
        for (option, path) in [("--cast", cast), ("--record", record)] {
            guard let path, path != "-", FileSystem.regularFileSize(atPath: path) != nil else { continue }
            throw ValidationError("\(option): \"\(path)\" is already there; give --overwrite to replace it, or another name")
        }
        if let frames, FileSystem.entries(ofDirectory: frames).contains(where: { $0.hasPrefix("frame-") && $0.hasSuffix(".txt") }) {
            throw ValidationError("--frames: \"\(frames)\" already holds frames; give --overwrite to replace them, or another folder")
        }
    }

    /// The checks that need the command's other options.
    func validate(headless: Bool, keysGiven: Bool) throws {
        if play == nil, playSpeed != 1 {
            throw ValidationError("--play-speed is for --play; add --play FILE")
        }
        if play != nil, keysGiven {
            throw ValidationError("give the keys with --play, --keys or --keys-file, not two of them")
        }
        if headless, record != nil {
            throw ValidationError("--record writes what is typed in a terminal; a --headless run has no one typing")
        }
        if record == "-" {
            throw ValidationError("--record - would write the script into the terminal the app draws on; give a file, as in --record demo.keys")
        }
        if !headless, frames != nil {
            throw ValidationError("--frames writes the frames of a --headless run; add --headless (--cast records a terminal)")
        }
        if cast == "-", !headless {
            throw ValidationError("--cast - would write the recording into the terminal the app draws on; give a file, as in --cast demo.cast")
        }
        if !headless, play == "-" {
            throw ValidationError("--play - would read the script from standard input, which is the terminal's; give a file")
        }
        try checkOverwrites()
    }

    /// The script of `--play`, with its pauses, and what it says it needs (`# needs:` lines), read
    /// and parsed now, before the terminal is taken (standard input can be read only once).
    func playScript() throws -> (steps: [KeyScriptStep], needs: ScriptNeeds)? {
        guard let play else { return nil }
        let name = play == "-" ? "standard input" : "\"\(play)\""
        let text: String
        do {
            text = try KeysFile.text(at: play)
        } catch {
            throw ValidationError("--play: cannot read \(error)")
        }
        do {
            return (try KeyNotation.parse(file: text), try ScriptNeeds.parse(file: text))
        } catch {
            throw ValidationError("--play \(name), \(error.message)")
        }
    }

    /// The script's name in notes: its file's name.
    var scriptName: String { play.map { $0 == "-" ? "the script" : FileSystem.lastComponent(of: $0) } ?? "the script" }

    /// The needs of the `--play` file, read for a decision made before the run reads it: nil for
    /// standard input (read once, by the run) or a file that cannot be read or parsed (the run
    /// says why).
    func fileNeeds() -> ScriptNeeds? {
        guard let play, play != "-", let text = try? KeysFile.text(at: play) else { return nil }
        return try? ScriptNeeds.parse(file: text)
    }

    /// Refuses a script written for the other app (`# needs: app catalog` on the wallet, say):
    /// its keys would go astray on screens it does not know.
    func checkScriptApp(is app: ScriptNeeds.App) throws {
        guard let wanted = fileNeeds()?.app, wanted != app, let play else { return }
        throw ValidationError("\(scriptName) is written for \(wanted.command), not \(app.command): run it with \(wanted.command) --play \(play)")
    }

    /// The storyboard a script needs, as a path beside the script.
    func storyboardPath(of needs: ScriptNeeds) -> String? {
        guard let file = needs.storyboard, let play, play != "-" else { return needs.storyboard }
        return FileSystem.directoryPrefix(of: play) + file
    }

    /// The asciinema recording `--cast` asks for, over `backend`, its file opened now (before the
    /// terminal is taken, so that a failure prints plainly); nil without `--cast`.
    func openCast(over backend: TerminalBackend, clock: @escaping () -> Double) throws -> CastRecordingBackend? {
        guard let cast else { return nil }
        do {
            let file = cast == "-" ? OutputFile.standardOutput : try OutputFile.open(path: cast)
            return CastRecordingBackend(base: backend, file: file, title: "wallet " + CommandLine.arguments.dropFirst().joined(separator: " "),
                                        clock: clock)
        } catch {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the recording to \(error)\n")
            throw ExitCode.failure
        }
    }

    /// Reads the script and opens the recording, before the terminal is taken, so that their
    /// errors print plainly.
    func prepare(script: (steps: [KeyScriptStep], needs: ScriptNeeds)?) throws -> DemoSession {
        let script = script?.steps
        var recording: OutputFile?
        if let record {
            do {
                recording = try OutputFile.open(path: record)
            } catch {
                OutputFile.standardError.writeIfPossible("wallet: cannot write the recording to \(error)\n")
                throw ExitCode.failure
            }
        }
        return DemoSession(script: script, speed: playSpeed, recording: recording, recordPath: record)
    }
}

/// A demo under way: the script to play and the file to record to, put between the app and
/// the terminal by `wrap`.
final class DemoSession {
    private let script: [KeyScriptStep]?
    private let speed: Double
    private let recording: OutputFile?
    private let recordPath: String?
    private var recorder: RecordingBackend?
    /// The script playing, once `wrap` has put it before the terminal.
    private(set) var player: PlayingBackend?
    /// Why the recording stopped, told once the terminal is the shell's again.
    private var recordingFailure: FileFailure?
    private let start = ContinuousClock.now

    init(script: [KeyScriptStep]?, speed: Double, recording: OutputFile?, recordPath: String?) {
        self.script = script
        self.speed = speed
        self.recording = recording
        self.recordPath = recordPath
    }

    /// Seconds since the session began, on a clock that only goes forward.
    private func now() -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The terminal the app should use: `terminal`, behind a player and a recorder as asked.
    /// The recorder is outermost, so a recording of a played demo holds the keys the app got.
    func wrap(_ terminal: TerminalBackend) -> TerminalBackend {
        var backend = terminal
        if let script {
            let player = PlayingBackend(base: backend, script: script, speed: speed, clock: { [unowned self] in now() })
            player.onCaption = { [unowned self] in onCaption($0) }
            player.onAsk = { [unowned self] in onAsk($0, $1, $2) }
            player.onReveal = { [unowned self] in onReveal($0) }
            self.player = player
            backend = player
        }
        if recording != nil {
            write(header(size: terminal.size))
            let recorder = RecordingBackend(base: backend, clock: { [unowned self] in now() }, write: { [unowned self] in write($0) })
            recorder.holdsKeys = holdsKeys
            self.recorder = recorder
            backend = recorder
        }
        return backend
    }

    /// Shows a caption of the script to the room: the app's, once it is made.
    var onCaption: (String) -> Void = { _ in }
    /// Puts a question of the script to the room, and reveals it (or takes it back): the app's.
    var onAsk: (String, [String], Int?) -> Void = { _, _, _ in }
    var onReveal: (Bool) -> Void = { _ in }

    /// While it says so, the keys read wait to be written: the app is asking whether to quit.
    var holdsKeys: () -> Bool = { false } { didSet { recorder?.holdsKeys = holdsKeys } }

    /// Ends the recording's last line, and says why it stopped if it did. Call once the terminal
    /// has been given back. `quit`: the app quit by the last keys read, which are left out.
    func finish(quit: Bool) {
        recorder?.finish(quit: quit)
        if let recordingFailure {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the recording to \(recordingFailure); the keys after that were not recorded\n")
        }
    }

    private func write(_ text: String) {
        guard let recording, recordingFailure == nil else { return }
        do {
            try recording.write(text)
        } catch {
            recordingFailure = error
        }
    }

    /// Comment lines saying when, in what terminal and with which options the keys were
    /// recorded, and how to play them back.
    /// Its size as a need (`# needs: size WxH`), so that a headless playback takes it and a
    /// smaller terminal is told.
    private func header(size: Size) -> String {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let others = Self.removingDemoOptions(from: arguments)
        let date = Self.iso8601Now()
        return """
            # Recorded by wallet \(WalletVersion.current) on \(date), in a terminal of \(size), with:
            #   wallet \(arguments.map(Self.shellQuoted).joined(separator: " "))
            # needs: size \(size.width)x\(size.height)
            # Play it back (in a terminal of the same size, for the same screens):
            #   wallet \((others + ["--play", recordPath ?? "FILE"]).map(Self.shellQuoted).joined(separator: " "))

            """
    }

    /// The arguments without what records or plays (`--play`, `--play-speed`, `--record`,
    /// `--cast`, `--frames`, `--overwrite`) and their values: played back, a recording's line
    /// must not write over the recording and the cast made with it.
    static func removingDemoOptions(from arguments: [String]) -> [String] {
        let demoOptions = ["--play", "--play-speed", "--record", "--cast", "--frames"]
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if demoOptions.contains(argument) { skipNext = true; continue }
            if demoOptions.contains(where: { argument.hasPrefix($0 + "=") }) || argument == "--overwrite" { continue }
            kept.append(argument)
        }
        return kept
    }

    /// Now in UTC, as ISO 8601 writes it (2026-11-23T19:05:39Z), from the C library.
    static func iso8601Now() -> String {
        var now = time(nil)
        var parts = tm()
        var buffer = [CChar](repeating: 0, count: 32)
        guard gmtime_r(&now, &parts) != nil, strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%SZ", &parts) > 0 else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `text` as a shell reads it back: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0)) }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
