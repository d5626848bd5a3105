import App
import ArgumentParser
import CursesTerminal
import Terminal
import Views

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet follow --frames-in FD`: what `wallet-server` runs for a follower (`ssh watch@HOST`), on
/// the follower's pseudo-terminal: the presenter's frames, read from descriptor FD, drawn at the
/// follower's size (`FollowerScreen`), read-only; q, Esc or Ctrl-C leaves. Not for users to type,
/// so not listed.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Show the presenter's screen from a wallet serve session (wallet-server starts it).",
        shouldDisplay: false
    )

    @Option(name: .customLong("frames-in"), help: ArgumentHelp("The descriptor the presenter's frames arrive on.", valueName: "fd"))
    var framesIn: Int32

    @OptionGroup var looks: LooksOptions
    @OptionGroup var limits: SessionLimits
    @OptionGroup var room: RoomOptions

    func validate() throws {
        guard framesIn > 2, fcntl(framesIn, F_GETFD) >= 0 else {
            throw ValidationError("--frames-in \(framesIn): not an open descriptor (wallet-server gives one)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try follow() }
    }

    @MainActor
    private func follow() throws {
        limits.apply()
        signal(SIGPIPE, SIG_IGN)
        let terminal = try CursesTerminal.opened(mouse: false)
        defer { terminal.end() }
        _ = fcntl(framesIn, F_SETFL, fcntl(framesIn, F_GETFL) | O_NONBLOCK)
        // The presenter's frames arrive as events of the loop (`Event.readable`).
        terminal.wakeDescriptors.append(framesIn)
        let follower = Follower(framesIn: framesIn, terminal: terminal, theme: Theme(capabilities: terminal.capabilities, appearance: looks.appearance()))
        // The room's questions, over the presenter's screen, answered with a letter.
        var backend: TerminalBackend = terminal
        if let link = room.roomLink(on: terminal) { (follower.room, backend) = link.answering(over: terminal) }
        follower.finishTurn()
        EventLoop(backend: backend).run(follower)
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }
}

/// A follower in the event loop: keys to its screen (`FollowerScreen`), the presenter's frames
/// read as they arrive, the latest drawn.
@MainActor
private final class Follower: EventHandling {
    let screen = FollowerScreen()
    let framesIn: Int32
    let terminal: CursesTerminal
    let renderer: Renderer
    let theme: Theme
    private var reader = SharedFrameReader()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(framesIn: Int32, terminal: CursesTerminal, theme: Theme) {
        self.framesIn = framesIn
        self.terminal = terminal
        self.theme = theme
        renderer = Renderer(backend: terminal)
    }

    var isRunning: Bool { !screen.wantsToLeave }

    /// The room's question, over the presenter's screen.
    var room: RoomLayer?

    func sendEvent(_ event: Event) {
        switch event {
        case .readable(let descriptor): if descriptor == framesIn { readFrames() }
        default:
            guard let key = event.key else { return }
            if room?.take(key) == true { return }
            screen.handle(key, size: terminal.size)
        }
    }

    func finishTurn() {
        var frame = screen.render(size: terminal.size, theme: theme)
        room?.draw(on: &frame.buffer, theme: theme)
        renderer.show(frame.buffer, cursor: frame.cursor)
    }

    /// Reads all there is and keeps the latest frame; at the end of them, the last stays.
    private func readFrames() {
        var latest: SharedFrame?
        var ended = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(framesIn, $0.baseAddress, $0.count) }
            if count > 0 {
                do {
                    latest = try reader.latest(buffer[..<count]) ?? latest
                } catch {
                    ended = true
                    break
                }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                ended = count == 0 || errno != EAGAIN
                break
            }
        }
        // A frame of no cells: the presenter has gone, and another may come.
        if let latest { screen.state = latest.buffer.size.width == 0 ? .waiting : .following(latest) }
        if ended {
            terminal.wakeDescriptors.removeAll { $0 == framesIn }
            if case .following(let last) = screen.state { screen.state = .ended(last) } else { screen.state = .ended(nil) }
        }
    }
}
