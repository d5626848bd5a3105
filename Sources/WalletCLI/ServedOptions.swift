import App
import ArgumentParser
import CursesTerminal
import SessionProtocol
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `wallet-server` tells a session's app, never a user (so not listed): that it runs in a
/// session of `wallet serve`, and for the presenter where to send its frames and where the
/// audience counts arrive (docs/serving.md). Descriptors the server opened, never paths.
struct ServedOptions: ParsableArguments {
    @Flag(name: .customLong("served"), help: .hidden)
    var served = false

    @Option(name: .customLong("frames-out"), help: .hidden)
    var framesOut: Int32?

    @Option(name: .customLong("audience-in"), help: .hidden)
    var audienceIn: Int32?

    @OptionGroup var room: RoomOptions

    // The presenter's, from `wallet serve --presenter-options`: nobody runs it by hand.
    @Flag(name: .customLong("hide-tally"), help: .hidden)
    var hidesTally = false

    /// `smallest`: the presenter's app lays out within the smallest follower's terminal, as
    /// tmux's `window-size smallest`; `presenter` (the default): at the presenter's own size.
    @Option(name: .customLong("window-size"), help: .hidden)
    var windowSize: WindowSize = .presenter

    enum WindowSize: String, ExpressibleByArgument, CaseIterable { case presenter, smallest }
    var roomIn: Int32? { room.roomIn }
    var roomOut: Int32? { room.roomOut }

    @OptionGroup var limits: SessionLimits

    func validate() throws {
        for (option, descriptor) in [("--frames-out", framesOut), ("--audience-in", audienceIn)] {
            if let descriptor, descriptor <= 2 || fcntl(descriptor, F_GETFD) < 0 {
                throw ValidationError("\(option) \(descriptor): not an open descriptor (wallet-server gives one)")
            }
        }
    }

    /// These options again, for what the menu of a session runs (`wallet launch`): the same
    /// descriptors, which it inherits.
    var passedOn: [String] {
        (framesOut.map { ["--frames-out", "\($0)"] } ?? []) + (audienceIn.map { ["--audience-in", "\($0)"] } ?? [])
            + (roomIn.map { ["--room-in", "\($0)"] } ?? []) + (roomOut.map { ["--room-out", "\($0)"] } ?? [])
    }

    func roomLink(on terminal: CursesTerminal) -> RoomLink? { room.roomLink(on: terminal) }

    /// The room's counts, when the server gives them (the presenter's menu and apps), for the
    /// model to read when `terminal` wakes on them, so that the server's pipe never fills (issue 43).
    func audienceCounts(on terminal: CursesTerminal) -> AudienceCounts? {
        guard let audienceIn else { return nil }
        _ = fcntl(audienceIn, F_SETFL, fcntl(audienceIn, F_GETFL) | O_NONBLOCK)
        terminal.wakeDescriptors.append(audienceIn)
        return AudienceCounts(descriptor: audienceIn) { terminal.wakeDescriptors.removeAll { $0 == audienceIn } }
    }

    /// What draws a served screen that is not the app (the menu, the quiz): on `terminal`, and
    /// for the presenter's, to the followers too.
    func renderer(on terminal: CursesTerminal) -> Renderer {
        let sink = framesOut.map(DescriptorSink.init(descriptor:))
        return Renderer(backend: sink.map { sink in MirroringBackend(base: terminal) { sink.send($0) } } ?? terminal)
    }

    /// The terminal as a served session uses it: frames sent, no Ctrl-Z; and the counts and the
    /// room, which the app reads when the terminal wakes on them (`Application.read`).
    func wrap(_ terminal: CursesTerminal) -> (backend: TerminalBackend, audience: AudienceCounts?, mirror: MirroringBackend?, room: RoomLink?) {
        var backend: TerminalBackend = terminal
        var mirror: MirroringBackend?
        if let framesOut {
            let sink = DescriptorSink(descriptor: framesOut)
            let mirroring = MirroringBackend(base: backend) { sink.send($0) }
            mirror = mirroring
            backend = mirroring
        }
        if served { backend = SessionBackend(base: backend) }
        return (backend, audienceCounts(on: terminal), mirror, roomLink(on: terminal))
    }
}

/// The room's two descriptors (`RoomMessage`): the questions from the server, and this
/// session's words to it. Every role's processes have them, the follower's too.
struct RoomOptions: ParsableArguments {
    @Option(name: .customLong("room-in"), help: .hidden)
    var roomIn: Int32?

    @Option(name: .customLong("room-out"), help: .hidden)
    var roomOut: Int32?

    func validate() throws {
        for (option, descriptor) in [("--room-in", roomIn), ("--room-out", roomOut)] {
            if let descriptor, descriptor <= 2 || fcntl(descriptor, F_GETFD) < 0 {
                throw ValidationError("\(option) \(descriptor): not an open descriptor (wallet-server gives one)")
            }
        }
    }

    /// The room's link, when the server gave one: the terminal wakes when the server says
    /// something, and what it said is read after each wait.
    func roomLink(on terminal: CursesTerminal) -> RoomLink? {
        guard let roomIn, let roomOut else { return nil }
        _ = fcntl(roomIn, F_SETFL, fcntl(roomIn, F_GETFL) | O_NONBLOCK)
        terminal.wakeDescriptors.append(roomIn)
        return RoomLink(input: roomIn, output: roomOut) { terminal.wakeDescriptors.removeAll { $0 == roomIn } }
    }
}

/// Writes whole buffers to a descriptor, waiting as a pipe asks; stops for good at the first
/// failure (the server went), so that the app goes on without it.
final class DescriptorSink {
    private var descriptor: Int32?
    init(descriptor: Int32) { self.descriptor = descriptor }

    func send(_ bytes: [UInt8]) {
        guard let descriptor else { return }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                self.descriptor = nil
                return
            }
        }
    }
}

/// The counts `wallet-server` sends the presenter's app and menu (`RoomCounts`), a line each
/// time they change; the last whole line wins.
final class AudienceCounts {
    /// The descriptor the counts arrive on.
    let descriptor: Int32
    private let ended: () -> Void
    private var reader = RoomCountsReader()
    /// What the presenter's screen says, nil before the first line.
    private(set) var text: String?
    /// Called when `text` changes.
    var onChange: (String) -> Void = { _ in }
    /// The smallest follower's terminal, nil while nobody follows.
    private(set) var smallest: Size?
    /// Called when `smallest` changes.
    var onSmallest: (Size?) -> Void = { _ in }

    init(descriptor: Int32, ended: @escaping () -> Void) {
        self.descriptor = descriptor
        self.ended = ended
    }

    /// Reads what arrived, without waiting.
    func poll() {
        var buffer = [UInt8](repeating: 0, count: 512)
        var latest: RoomCounts?
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                latest = reader.read(buffer[..<count]) ?? latest
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || errno != EAGAIN { ended() }
            break
        }
        if let latest, latest.smallest.map({ Size(width: $0.columns, height: $0.rows) }) != smallest {
            smallest = latest.smallest.map { Size(width: $0.columns, height: $0.rows) }
            onSmallest(smallest)
        }
        guard let text = latest?.text, text != self.text else { return }
        self.text = text
        onChange(text)
    }
}

/// The room's two descriptors in a served session's app: the server's messages, read without
/// waiting once the terminal wakes on them, and the app's, written whole. At the server's end
/// the app goes on without the room.
final class RoomLink {
    /// The descriptor the server's messages arrive on.
    let input: Int32
    private let sink: DescriptorSink
    private let ended: () -> Void
    private var reader = RoomMessageReader()
    private var isOpen = true
    /// Each message the server sent, in order.
    var onMessage: (RoomMessage) -> Void = { _ in }

    init(input: Int32, output: Int32, ended: @escaping () -> Void) {
        self.input = input
        sink = DescriptorSink(descriptor: output)
        self.ended = ended
    }

    func send(_ message: RoomMessage) { sink.send(message.line) }

    /// Reads what arrived, without waiting, and hands each message on.
    func poll() {
        guard isOpen else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var messages: [RoomMessage] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                messages += reader.read(buffer[..<count])
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || errno != EAGAIN {
                isOpen = false
                ended()
            }
            break
        }
        messages.forEach(onMessage)
    }
}

/// A session of `wallet serve`: there is no shell to return to, so Ctrl-Z does not stop the app
/// (which would leave the attendee before a frozen screen).
private final class SessionBackend: TerminalBackend {
    let base: TerminalBackend
    init(base: TerminalBackend) { self.base = base }

    var size: Size { base.size }
    var capabilities: TerminalCapabilities { base.capabilities }
    var shouldTerminate: Bool { base.shouldTerminate }
    func draw(_ changes: [CellChange], cursor: Point?) { base.draw(changes, cursor: cursor) }
    func readKey(timeout: Double?) -> Key? { base.readKey(timeout: timeout) }
    func readEvent(timeout: Double?) -> Event? { base.readEvent(timeout: timeout) }
    func suspend() {}
}

/// The most a session's app may use, set by the app on itself before it reads a key: memory
/// (address space, bytes) and CPU time (seconds). `wallet-server` chooses them; past them the
/// process ends (SIGXCPU, or an allocation that fails), alone, and the server says why.
struct SessionLimits: ParsableArguments {
    @Option(name: .customLong("limit-memory"), help: .hidden)
    var memory: UInt64?

    @Option(name: .customLong("limit-cpu"), help: .hidden)
    var cpuSeconds: UInt64?

    /// These options again, for what the menu becomes.
    var arguments: [String] {
        (memory.map { ["--limit-memory", "\($0)"] } ?? []) + (cpuSeconds.map { ["--limit-cpu", "\($0)"] } ?? [])
    }

    func apply() {
        if let memory { Self.lower(RLIMIT_AS, to: memory, hard: memory) }
        // The hard limit a little later: SIGXCPU at the soft one ends the app, SIGKILL at the hard.
        if let cpuSeconds { Self.lower(RLIMIT_CPU, to: cpuSeconds, hard: cpuSeconds + 5) }
    }

    #if os(Linux)
    private static func lower(_ resource: __rlimit_resource, to soft: UInt64, hard: UInt64) {
        var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
    #else
    // Darwin's resources are plain Int32 constants; not yet run on a Mac.
    private static func lower(_ resource: Int32, to soft: UInt64, hard: UInt64) {
        var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
        _ = setrlimit(resource, &limit)
    }
    #endif
}

extension ServedProgram {
    /// The room's questions over the screen, answered with a letter: what the server says is
    /// read when the loop wakes on it. For a screen that only answers (a session's menu, a
    /// follower's view, the quiz).
    func answers(_ link: RoomLink) {
        let layer = RoomLayer(role: .attendee, window: nil, send: link.send)
        link.onMessage = { [unowned layer] in layer.receive($0) }
        room = layer
        read(link.input, with: link.poll)
    }
}
