import App
import ArgumentParser
import CursesTerminal
import SessionProtocol
import Storyboards
import Terminal
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet launch`: what `wallet-server` runs for an attendee, on their pseudo-terminal: a short
/// menu (`LauncherScreen`) of the wallet, the segue catalog and each storyboard of the
/// presenter's `--storyboards` folder (run with stand-ins, and with `NAME.behaviours.yaml` beside
/// it when there is one) and each key script there (played with `--play`). The menu writes its
/// choice for the server and ends; the server runs the choice on the same terminal, then this
/// menu again (`--message` saying how the choice ended if it did not end well), so that a session
/// is one process at a time (issue 31: a menu waiting beside each app took a third of the room's
/// memory). The presenter's menu sends its frames as the presenter's apps do, so that followers
/// see all of it. Not for users to type, so not listed.
struct LaunchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launch",
        abstract: "The menu of a wallet serve session (wallet-server starts it).",
        shouldDisplay: false
    )

    @Option(name: .customLong("storyboards"), help: ArgumentHelp("The presenter's folder of storyboards.", valueName: "folder"))
    var storyboards: String?

    @OptionGroup var served: ServedOptions
    @OptionGroup var looks: LooksOptions

    /// Where the choice goes, for the server to run: its index, title and arguments, each ended
    /// by a NUL. Nothing is written when the attendee leaves.
    @Option(name: .customLong("choice-out"), help: .hidden)
    var choiceOutOption: Int32?

    /// The descriptor, once `validate()` found it open.
    private var choiceOut: Int32 { choiceOutOption ?? -1 }

    /// How the last choice ended, when it did not end well.
    @Option(name: .customLong("message"), help: .hidden)
    var message: String?

    /// The item the cursor starts on: the last choice.
    @Option(name: .customLong("selected"), help: .hidden)
    var selected = 0

    /// The presenter's projector options (`wallet serve --presenter-options`), one word each:
    /// for the menu's own looks, and passed on to everything it runs.
    @Option(name: .customLong("stage-option"), parsing: .unconditionalSingleValue, help: .hidden)
    var stageOptions: [String] = []

    func validate() throws {
        // Run by hand, it says what it is for (issue 47: it said "No value set for non-argument var").
        guard let choiceOut = choiceOutOption else {
            throw ValidationError("wallet launch is the menu `wallet serve` shows each ssh session, started by wallet-server; "
                + "it is not run by hand. To serve a workshop: wallet serve (see wallet serve --help); to run the wallet: wallet")
        }
        guard choiceOut > 2, fcntl(choiceOut, F_GETFD) >= 0 else {
            throw ValidationError("--choice-out \(choiceOut): not an open descriptor (wallet-server gives one)")
        }
    }

    /// The most storyboards offered: a menu, not a file browser.
    static let maximumStoryboards = 30

    /// What can be run, and the arguments that run it.
    struct Choice {
        let item: LauncherScreen.Item
        let arguments: [String]
    }

    func choices() -> [Choice] {
        let passedOn = served.passedOn
        // --play-speed is for what plays a script alone.
        var others = stageOptions, speed: [String] = []
        if let index = others.firstIndex(of: "--play-speed"), others.indices.contains(index + 1) {
            speed = Array(others[index...(index + 1)])
            others.removeSubrange(index...(index + 1))
        }
        // The exercises' quiz takes the looks of the stage (its theme, no mouse), not its app's options.
        var looks: [String] = []
        if let index = others.firstIndex(of: "--theme"), others.indices.contains(index + 1) { looks += others[index...(index + 1)] }
        if others.contains("--no-mouse") { looks.append("--no-mouse") }
        return offered().map { choice in
            let stage = choice.arguments.first == "exercises" ? looks : others + (choice.arguments.contains("--play") ? speed : [])
            return Choice(item: choice.item, arguments: choice.arguments + passedOn + stage)
        }
    }

    private func offered() -> [Choice] {
        var choices = [
            Choice(item: .init(title: "The wallet", detail: "the unwind segue sample: Send and Cancel"), arguments: ["--served"]),
            Choice(item: .init(title: "The segue catalog", detail: "every kind of segue and unwind, explained"), arguments: ["catalog", "--served"]),
            Choice(item: .init(title: "Exercises", detail: "predict where each exercise's unwind lands"), arguments: ["exercises", "quiz", "--served"]),
        ]
        guard let storyboards else { return choices }
        // Named from the folder, which `run` makes the working directory: what a storyboard's
        // error says names no path of the server's.
        let folder = storyboards == "." ? "" : storyboards.hasSuffix("/") ? storyboards : storyboards + "/"
        let entries = FileSystem.entries(ofDirectory: storyboards).filter { !$0.hasPrefix(".") }.sorted()
        for name in entries.filter({ $0.hasSuffix(".storyboard") }).prefix(Self.maximumStoryboards) {
            let base = String(name.dropLast(".storyboard".count))
            let behaviours = folder + base + ".behaviours.yaml"
            let hasBehaviours = FileSystem.exists(atPath: behaviours)
            choices.append(Choice(item: .init(title: base, detail: name + (hasBehaviours ? ", with its behaviours" : ", with stand-ins")),
                                  arguments: ["storyboard", "run", folder + name, "--served"] + (hasBehaviours ? ["--behaviours", behaviours] : [])))
        }
        for name in entries.filter({ $0.hasSuffix(".keys") }).prefix(Self.maximumStoryboards) {
            // On the app and storyboard the script says it needs (`# needs: app catalog`,
            // `storyboard Abort.storyboard`): the wallet's screens would take the catalog's keys.
            let needs = (try? KeysFile.text(at: folder + name)).flatMap { try? ScriptNeeds.parse(file: $0) } ?? ScriptNeeds()
            let app = needs.app == .catalog ? ["catalog"] : []
            let storyboard = needs.storyboard.map { needs.app == .catalog ? [folder + $0] : ["--storyboard", folder + $0] } ?? []
            let on = needs.app == .catalog ? " on the catalog" : needs.storyboard.map { " on " + $0 } ?? ""
            choices.append(Choice(item: .init(title: "Play " + name.dropLast(".keys".count), detail: name + on + ", played hands free"),
                                  arguments: app + storyboard + ["--play", folder + name, "--served"]))
        }
        return choices
    }

    func run() throws {
        try MainActor.assumeIsolated { try runMenu() }
    }

    @MainActor
    private func runMenu() throws {
        served.limits.apply()
        signal(SIGPIPE, SIG_IGN)
        let choices = choices()
        let screen = LauncherScreen(items: choices.map(\.item), selected: selected)
        screen.message = message
        let terminal = try CursesTerminal.opened(mouse: looks.mouse)
        // The presenter's --theme, when given, is the menu's too.
        let stageTheme = stageOptions.firstIndex(of: "--theme").flatMap { stageOptions.indices.contains($0 + 1) ? stageOptions[$0 + 1] : nil }
        let looks = stageTheme.flatMap { try? LooksOptions.parse(["--theme", $0]) } ?? looks
        let theme = Theme(capabilities: terminal.capabilities, appearance: looks.appearance())
        // The presenter's menu is followed too.
        let menu = ServedProgram(screen: screen, renderer: served.renderer(on: terminal), theme: theme)
        // An attendee's menu shows the room's question too, and takes its answer; the
        // presenter asks from the app.
        if served.framesOut == nil, let link = served.roomLink(on: terminal) { menu.answers(link) }
        // The presenter's menu reads who is here, and says it, as the presenter's apps do.
        if let counts = served.audienceCounts(on: terminal) {
            counts.onChange = { [unowned screen] in screen.audience = $0 }
            menu.read(counts.descriptor, with: counts.poll)
        }
        menu.finishTurn()
        EventLoop(backend: terminal).run(menu)
        let outcome = screen.outcome
        terminal.end()
        if let signal = terminal.terminationSignal { throw ExitCode(128 + signal) }
        guard case .run(let index) = outcome else { return }
        // The server is told the choice, and this process becomes it, on this terminal: one
        // process a session at a time, and one start fewer a choice (issue 43). The server runs
        // this menu again once it has ended.
        let choice = MenuChoice(index: index, title: choices[index].item.title, arguments: choices[index].arguments)
        let bytes = choice.bytes
        let written = bytes.withUnsafeBytes { write(choiceOut, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw ExitCode(1) }
        Self.become(choice.arguments + served.limits.arguments, errors: choiceOut)
    }

    /// Replaces this process by `wallet ARGUMENTS` (`execv`), its standard error on `errors`,
    /// where the server reads it; with the terminal, the pipes, the working folder, the
    /// environment and the limits it has. Says why on `errors` and ends if it cannot.
    private static func become(_ arguments: [String], errors: Int32) -> Never {
        _ = dup2(errors, STDERR_FILENO)
        if errors != STDERR_FILENO { close(errors) }
        // The app starts with no signal blocked, as a spawned one does.
        var none = sigset_t()
        sigemptyset(&none)
        _ = sigprocmask(SIG_SETMASK, &none, nil)
        let executable = CommandLine.arguments[0]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        let reason = "wallet: the app did not start: \(String(cString: strerror(errno)))\n"
        _ = reason.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(126)
    }
}
