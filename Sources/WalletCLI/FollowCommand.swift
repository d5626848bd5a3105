import App
import ArgumentParser
import CursesTerminal
import SessionProtocol
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
        let screen = FollowerScreen()
        let follower = ServedProgram(screen: screen, renderer: Renderer(backend: terminal),
                                     theme: Theme(capabilities: terminal.capabilities, appearance: looks.appearance()))
        let frames = FollowedFrames(descriptor: framesIn, screen: screen) { terminal.wakeDescriptors.removeAll { $0 == framesIn } }
        follower.read(framesIn, with: frames.read)
        // The room's questions, over the presenter's screen, answered with a letter.
        if let link = room.roomLink(on: terminal) { follower.answers(link) }
        follower.finishTurn()
        EventLoop(backend: terminal).run(follower)
        if let signal = terminal.terminationSignal {
            terminal.end()
            throw ExitCode(128 + signal)
        }
    }
}

/// The presenter's frames as they arrive on a follower's descriptor: all there is read, the
/// latest shown; at their end, the last stays.
@MainActor
private final class FollowedFrames {
    let descriptor: Int32
    let screen: FollowerScreen
    private let ended: () -> Void
    private var reader = SharedFrameReader()
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    init(descriptor: Int32, screen: FollowerScreen, ended: @escaping () -> Void) {
        self.descriptor = descriptor
        self.screen = screen
        self.ended = ended
    }

    func read() {
        var latest: SharedFrame?
        var isOver = false
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                do {
                    latest = try reader.latest(buffer[..<count]) ?? latest
                } catch {
                    isOver = true
                    break
                }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                isOver = count == 0 || errno != EAGAIN
                break
            }
        }
        // A frame of no cells: the presenter has gone, and another may come.
        if let latest { screen.state = latest.buffer.size.width == 0 ? .waiting : .following(latest) }
        if isOver {
            ended()
            if case .following(let last) = screen.state { screen.state = .ended(last) } else { screen.state = .ended(nil) }
        }
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
