import App
import ArgumentParser
import CursesTerminal
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
/// it when there is one) and each key script there (played with `--play`). The choice runs as a
/// process of its own on the same terminal; when it ends, the menu comes back, saying how it
/// ended if it did not end well. The presenter's menu sends its frames as the presenter's apps
/// do, and passes the descriptors on to what it runs, so that followers see all of it. Not for
/// users to type, so not listed.
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

    /// The most storyboards offered: a menu, not a file browser.
    static let maximumStoryboards = 30

    /// What can be run, and the arguments that run it.
    struct Choice {
        let item: LauncherScreen.Item
        let arguments: [String]
    }

    func choices() -> [Choice] {
        let passedOn = served.passedOn
        return offered().map { Choice(item: $0.item, arguments: $0.arguments + passedOn) }
    }

    private func offered() -> [Choice] {
        var choices = [
            Choice(item: .init(title: "The wallet", detail: "the unwind segue sample: Send and Cancel"), arguments: ["--served"]),
            Choice(item: .init(title: "The segue catalog", detail: "every kind of segue and unwind, explained"), arguments: ["catalog", "--served"]),
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
            choices.append(Choice(item: .init(title: "Play " + name.dropLast(".keys".count), detail: name + ", played hands free"),
                                  arguments: ["--play", folder + name, "--served"]))
        }
        return choices
    }

    func run() throws {
        served.limits.apply()
        signal(SIGPIPE, SIG_IGN)
        var launch = self
        if let storyboards, chdir(storyboards) == 0 { launch.storyboards = "." }
        let choices = launch.choices()
        var screen = LauncherScreen(items: choices.map(\.item))
        while true {
            let terminal = try CursesTerminal.opened(mouse: looks.mouse)
            let theme = Theme(capabilities: terminal.capabilities, appearance: looks.appearance())
            // The presenter's menu is followed too; the counts are left for the app it runs to read.
            let sink = served.framesOut.map(DescriptorSink.init(descriptor:))
            let renderer = Renderer(backend: sink.map { sink in MirroringBackend(base: terminal) { sink.send($0) } } ?? terminal)
            var outcome: LauncherScreen.Outcome?
            renderer.show(screen.render(size: terminal.size, theme: theme), cursor: nil)
            while outcome == nil, !terminal.shouldTerminate {
                guard let key = terminal.readKey(timeout: nil) else { continue }
                outcome = screen.handle(key)
                renderer.show(screen.render(size: terminal.size, theme: theme), cursor: nil)
            }
            terminal.end()
            if let signal = terminal.terminationSignal { throw ExitCode(128 + signal) }
            guard case .run(let index) = outcome else { return }
            let ending = Self.runToEnd(choices[index].arguments)
            screen.message = ending.map { "\(choices[index].item.title): \($0)" }
        }
    }

    /// Runs this executable with `arguments` on this terminal until it ends; what went wrong, if
    /// anything: its exit status or signal, and the first line it wrote to standard error.
    static func runToEnd(_ arguments: [String]) -> String? {
        var errors: [Int32] = [-1, -1]
        guard pipe(&errors) == 0 else { return "could not start: \(String(cString: strerror(errno)))" }
        _ = fcntl(errors[0], F_SETFD, FD_CLOEXEC)
        defer { close(errors[0]) }
        // What it says on standard error, kept to its first 4 KiB, read as it comes so that it
        // never waits on a full pipe.
        var said: [UInt8] = []
        let ran = ChildProcess.run(ServeCommand.besideThisExecutable("wallet"), arguments, errorsTo: errors[1]) {
            close(errors[1])
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
                if count > 0 {
                    if said.count < 4096 { said += buffer[..<min(count, 4096 - said.count)] }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        let status: Int32
        switch ran {
        case .failure(let error):
            close(errors[1])
            return "could not start: \(error)"
        case .success(let waited): status = waited
        }
        let firstLine = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map { String($0.prefix(200)) }
        let signal = status & 0x7f
        if signal != 0 { return "ended by signal \(signal)" + (firstLine.map { " (\($0))" } ?? "") }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : firstLine ?? "ended with status \(code)"
    }
}
