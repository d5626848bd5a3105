import Logging
import NIOCore
import NIOPosix
import NIOSSH
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SSH session channel: its pseudo-terminal request (terminal type and size), `NO_COLOR`
/// from an environment request, then a shell request starts the session on a pseudo-terminal of
/// its own: for an attendee and the presenter the menu, then what the menu chose, then the menu
/// again, one process at a time (`Step`); for a follower the presenter's frames (`AppLauncher`).
/// Its bytes go both ways, a window change resizes it, and when the session ends the client gets
/// a line saying why (when the server ended it), its exit status, and the channel closes. Exec and subsystem requests (sftp) are refused: a session runs the
/// app and nothing else, and names no file of the server.
///
/// A client that stops reading stops its own app, and no other: the app's output is read only
/// while the client's channel can take it, so the app waits on its terminal, as on a slow link.
/// Input pushes back the same way: the client's channel is read only while the app's terminal
/// can take more, so a client typing without end fills its own SSH window, not the server.
final class SessionHandler: ChannelInboundHandler, @unchecked Sendable {
    // Confined to the server's one event loop.
    typealias InboundIn = SSHChannelData

    private let launcher: AppLauncher
    private let room: Room
    private let reaper: Reaper
    private let connection: Connection
    private var term = "xterm-256color"
    private var columns = 80, rows = 24
    private var noColor: String?
    private var terminal: PseudoTerminal?
    /// The process on the terminal now, and what it is.
    private var process: pid_t?
    private var step: Step?
    private var pipes: SessionPipes?
    private var terminalChannel: Channel?
    /// What the process wrote on its side pipe (the menu's choice, an app's standard error).
    private var said: [UInt8] = []
    private var sideEnded = false
    /// Counts the processes the session ran, so that what is heard of one is not taken for the next's.
    private var generation = 0
    private var session: Channel?
    private var joined = false
    /// What the app's end says to the client when the server ended it (SIGTERM, idle, limits).
    private var endReason: String?
    private var exitStatus: Int32?
    private var outputEnded = false
    private var lastInput = NIODeadline.now()
    private var idleCheck: RepeatedTask?

    init(launcher: AppLauncher, room: Room, reaper: Reaper, connection: Connection) {
        self.launcher = launcher
        self.room = room
        self.reaper = reaper
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        session = context.channel
        connection.sessions[ObjectIdentifier(self)] = self
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connection.sessions[ObjectIdentifier(self)] = nil
    }

    /// The largest terminal a session gets: a 4K screen in a small font is 480x135. A larger
    /// one (a client may claim 65535x65535) is drawn in its top-left 512x256 cells rather than
    /// asking ncurses for gigabytes it cannot have.
    static let largestTerminal = (columns: 512, rows: 256)

    private static func clamped(_ columns: Int, _ rows: Int) -> (Int, Int) {
        (min(max(columns, 1), largestTerminal.columns), min(max(rows, 1), largestTerminal.rows))
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client went: the app (its process group: the menu and what it runs) gets the
        // hang-up a closed terminal gives, and restores it; one that does not end is killed.
        if let process, exitStatus == nil {
            kill(-process, SIGHUP)
            context.eventLoop.scheduleTask(in: .seconds(3)) { [self] in forceEnd() }
        }
        idleCheck?.cancel()
        if terminal == nil, joined { room.leave(self) }
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads again: so does the app's output.
        if context.channel.isWritable { terminalChannel?.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in } }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            term = request.term.isEmpty ? term : request.term
            (columns, rows) = Self.clamped(request.terminalCharacterWidth, request.terminalRowHeight)
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            if request.name == "NO_COLOR" { noColor = request.value }
            reply(request.wantReply, request.name == "NO_COLOR", context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            (columns, rows) = Self.clamped(request.terminalCharacterWidth, request.terminalRowHeight)
            terminal?.resize(columns: columns, rows: rows)
            if case .follower? = step { room.followerResized(self, columns: columns, rows: rows) }
        case let request as SSHChannelRequestEvent.ShellRequest:
            start(context: context, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            refuse(request.wantReply, "this server runs the wallet only; connect without a command", context)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            refuse(request.wantReply, "no subsystem (\(request.subsystem)) here: this server runs the wallet only", context)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let data = unwrapInboundIn(data)
        guard case .byteBuffer(let bytes) = data.data, case .channel = data.type else { return }
        lastInput = .now()
        guard let terminalChannel else { return }
        terminalChannel.writeAndFlush(bytes, promise: nil)
        // The app is not reading its keys: neither is the server the client's, until it does.
        if !terminalChannel.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    /// The app's terminal takes keys again: so does the server from the client.
    fileprivate func terminalWritabilityChanged() {
        guard let session, let terminalChannel, terminalChannel.isWritable else { return }
        session.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
        session.read()
    }

    private func reply(_ wantReply: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wantReply else { return }
        context.triggerUserOutboundEvent(success ? ChannelSuccessEvent() as Any : ChannelFailureEvent() as Any, promise: nil)
    }

    /// Says why on the session's error stream, then refuses the request and ends the session.
    private func refuse(_ wantReply: Bool, _ message: String, _ context: ChannelHandlerContext) {
        say(message, on: context.channel)
        reply(wantReply, false, context)
        context.close(promise: nil)
    }

    /// A shell the room cannot take now: accepted, so that ssh shows why (it shows a refused
    /// shell request as a failure of its own, before what the server said), then ended with status 1.
    private func turnAway(_ wantReply: Bool, _ message: String, _ context: ChannelHandlerContext) {
        reply(wantReply, true, context)
        say(message, on: context.channel)
        let channel = context.channel
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 1)).whenComplete { _ in channel.close(promise: nil) }
    }

    @discardableResult
    private func say(_ message: String, on channel: Channel) -> EventLoopFuture<Void> {
        var buffer = channel.allocator.buffer(capacity: message.utf8.count + 20)
        buffer.writeString("wallet serve: \(message)\r\n")
        return channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer)))
    }

    /// Says `message` on this session's error stream, when it has one still.
    func say(_ message: String) -> EventLoopFuture<Void> {
        guard let session, session.isActive else { return room.eventLoop.makeSucceededVoidFuture() }
        return say(message, on: session)
    }

    // MARK: Starting

    private func start(context: ChannelHandlerContext, wantReply: Bool) {
        guard terminal == nil, !joined, let role = connection.role else { return reply(wantReply, false, context) }
        if let refusal = room.join(self, as: role) {
            room.log.notice("session refused", metadata: metadata(["reason": "\(refusal)"]))
            return turnAway(wantReply, refusal, context)
        }
        joined = true
        do {
            pipes = try SessionPipes(role: role)
            terminal = try PseudoTerminal(columns: columns, rows: rows)
            try launch(role == .follower ? .follower : .menu(message: nil, selected: 0))
        } catch {
            // Nothing took the server's ends yet (`connect` runs once started): all of it closes.
            pipes?.closeChildEnds()
            pipes?.closeServerEnds()
            terminal?.end()
            terminal = nil
            room.leave(self)
            joined = false
            room.log.error("session did not start", metadata: metadata(["reason": "\(error)"]))
            return turnAway(wantReply, "\(error)", context)
        }
        room.log.info("joined", metadata: metadata(["process": "\(process ?? 0)", "sessions": "\(room.sessionCount)"]))
        reply(wantReply, true, context)
        if let pipes { connect(pipes) }
        if role == .attendee, let timeout = room.limits.idleTimeout {
            let every = TimeAmount.nanoseconds(max(TimeAmount.seconds(1).nanoseconds, min(timeout.nanoseconds / 4, TimeAmount.seconds(30).nanoseconds)))
            idleCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: every, delay: every) { [self] _ in
                if NIODeadline.now() - lastInput >= timeout {
                    end(saying: "no key for \(Self.describe(timeout)): the session ended to make room; ssh again to start anew")
                }
            }
        }
    }

    /// Starts `step` on the session's terminal: the menu, what it chose, or the follower's view.
    /// Its output goes to the client; its side pipe (the menu's choice, the chosen app's
    /// standard error) is read into `said`; its end is heard by the server's one reaper.
    private func launch(_ step: Step) throws {
        guard let terminal, let pipes, let session else { return }
        let side = try SessionPipes.makePipe()
        defer { close(side.write) }
        let environment = launcher.environment(term: term, noColor: noColor)
        let started: pid_t
        do {
            switch step {
            case .menu(let message, let selected):
                // The menu's choice comes on the descriptor after the role's own.
                let choice = Int32(3 + pipes.childEnds.count)
                started = try terminal.spawn(launcher.executable, launcher.menuArguments(role: connection.role ?? .attendee, choice: choice,
                                                                                      message: message, selected: selected),
                                             environment: environment, in: launcher.storyboards, descriptors: pipes.childEnds + [side.write])
            case .app(let choice, _):
                started = try terminal.spawn(launcher.executable, choice.arguments + launcher.limits, environment: environment,
                                             in: launcher.storyboards, errors: side.write, descriptors: pipes.childEnds)
            case .follower:
                started = try terminal.spawn(launcher.executable, launcher.followerArguments, environment: environment,
                                             descriptors: pipes.childEnds)
            }
        } catch {
            close(side.read)
            throw error
        }
        self.step = step
        process = started
        exitStatus = nil
        outputEnded = false
        sideEnded = false
        said = []
        generation += 1
        // The presenter's menu or app reads the counts afresh; another's is asked the open question.
        if connection.role == .presenter { room.presenterRelaunched() }
        room.sessionLaunched(self)
        let generation = generation
        NIOPipeBootstrap(group: session.eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(TerminalOutput(session: session, owner: self, generation: generation))
                }
            }
            // Copies made close-on-exec, as every descriptor of the server's is: no app inherits another's terminal.
            .takingOwnershipOfDescriptors(input: fcntl(terminal.master, F_DUPFD_CLOEXEC, 3), output: fcntl(terminal.master, F_DUPFD_CLOEXEC, 3))
            .whenSuccess { [self] pipe in if generation == self.generation { terminalChannel = pipe } else { pipe.close(promise: nil) } }
        NIOPipeBootstrap(group: session.eventLoop)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(SideOutput(owner: self, generation: generation)) }
            }
            .takingOwnershipOfDescriptor(input: side.read)
            .whenFailure { [self] _ in sideClosed(generation: generation) }
        reaper.whenEnded(started) { [self] status in exited(status: status, generation: generation) }
    }

    /// What runs on the session's terminal now.
    private enum Step {
        /// The menu, saying how the last choice ended when it did not end well, its cursor on it.
        case menu(message: String?, selected: Int)
        case app(Choice, selected: Int)
        case follower
    }

    /// What the menu chose: its title, for the message when it ends, and the arguments that run it.
    struct Choice {
        var title: String
        var arguments: [String]

        /// The menu's words on its choice descriptor: the index, the title and the arguments,
        /// each ended by a NUL; nil when there are none (the attendee left), or they make no choice.
        init?(_ bytes: [UInt8]) {
            let words = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
            guard words.count >= 3, Int(words[0]) != nil else { return nil }
            title = words[1]
            arguments = Array(words[2...])
            selected = Int(words[0]) ?? 0
        }

        var selected = 0
    }

    /// Who this session is, for the log.
    private func metadata(_ more: Logger.Metadata = [:]) -> Logger.Metadata {
        var all: Logger.Metadata = ["address": "\(connection.address)", "user": "\(connection.user)",
                                    "role": "\(connection.role?.rawValue ?? "none")"]
        all.merge(more) { $1 }
        return all
    }

    /// The presenter's frames into the room, the room's counts to the presenter, the room's
    /// frames to a follower.
    private func connect(_ pipes: SessionPipes) {
        let eventLoop = room.eventLoop
        let room = room
        if let frames = pipes.framesFromApp {
            _ = NIOPipeBootstrap(group: eventLoop)
                .channelInitializer { pipe in
                    pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(PresenterFrames(room: room)) }
                }
                .takingOwnershipOfDescriptor(input: frames)
        }
        if let audience = pipes.audienceToApp {
            NIOPipeBootstrap(group: eventLoop).takingOwnershipOfDescriptor(output: audience)
                .whenSuccess { channel in room.presenterStarted(audience: channel) }
        }
        NIOPipeBootstrap(group: eventLoop).takingOwnershipOfDescriptor(output: pipes.roomToApp)
            .whenSuccess { [self] channel in room.roomStarted(self, channel: channel) }
        _ = NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { [self] pipe in
                pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(RoomInput(room: room, session: self)) }
            }
            .takingOwnershipOfDescriptor(input: pipes.roomFromApp)
        if let frames = pipes.framesToApp {
            NIOPipeBootstrap(group: eventLoop)
                .channelInitializer { [self] pipe in
                    pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(FollowerFrames(room: room, session: self)) }
                }
                .takingOwnershipOfDescriptor(output: frames)
                .whenSuccess { [self] channel in
                    room.followerStarted(self, frames: channel)
                    room.followerResized(self, columns: columns, rows: rows)
                }
        }
    }

    // MARK: Ending

    /// Ends the app as a closed terminal would (it restores the client's terminal on its way
    /// out); the client then reads `reason`.
    func end(saying reason: String) {
        endReason = endReason ?? reason
        guard let process, exitStatus == nil else { return }
        kill(-process, SIGHUP)
    }

    /// The app did not end when asked: it is killed.
    func forceEnd() {
        if let process, exitStatus == nil { kill(-process, SIGKILL) }
    }

    fileprivate func outputClosed(generation: Int) {
        guard generation == self.generation else { return }
        outputEnded = true
        advanceIfEnded()
    }

    fileprivate func sideRead(_ bytes: ByteBufferView, generation: Int) {
        guard generation == self.generation, said.count < 4096 else { return }
        said += bytes.prefix(4096 - said.count)
    }

    fileprivate func sideClosed(generation: Int) {
        guard generation == self.generation else { return }
        sideEnded = true
        advanceIfEnded()
    }

    private func exited(status: Int32, generation: Int) {
        guard generation == self.generation, let process else { return }
        exitStatus = status
        // Whatever it started ends with it: its process group, which it leads.
        kill(-process, SIGHUP)
        // Its output may still be on its way: the next step waits for the terminal's end of
        // file and the side pipe's, or a moment when nobody reads them.
        advanceIfEnded()
        session?.eventLoop.scheduleTask(in: .seconds(1)) { [self] in
            guard generation == self.generation else { return }
            outputEnded = true
            sideEnded = true
            advanceIfEnded()
        }
    }

    /// Once the process on the terminal has ended, with its output and side pipe: the next step
    /// (the menu's choice, the menu again after it), or the session's end.
    private func advanceIfEnded() {
        guard let status = exitStatus, outputEnded, sideEnded, terminal != nil else { return }
        terminalChannel?.close(promise: nil)
        terminalChannel = nil
        let next: Step? = switch step {
        case _ where endReason != nil || session?.isActive != true || room.isEnding: nil
        case .menu: status == 0 ? Choice(said).map { .app($0, selected: $0.selected) } : nil
        case .app(let choice, let selected): .menu(message: ending(of: choice, status: status), selected: selected)
        case .follower, .none: nil
        }
        if let next {
            do {
                if case .app(let choice, _) = next { room.log.info("runs", metadata: metadata(["choice": "\(choice.title)"])) }
                return try launch(next)
            } catch {
                endReason = "\(error)"
            }
        }
        finish(status: status)
    }

    /// What the menu says of a choice that ended: its exit status or signal and the first line it
    /// wrote to standard error, naming no path of the server's; nil when it ended well.
    private func ending(of choice: Choice, status: Int32) -> String? {
        var firstLine = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map { String($0.prefix(200)) }
        if let folder = launcher.storyboards { firstLine = firstLine?.replacingOccurrences(of: folder + "/", with: "") }
        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        let ending: String? = if signal != 0 {
            "ended by signal \(signal)" + (firstLine.map { " (\($0))" } ?? "")
        } else if code != 0 {
            firstLine ?? "ended with status \(code)"
        } else {
            nil
        }
        return ending.map { "\(choice.title): \($0)" }
    }

    private func finish(status: Int32) {
        guard let terminal else { return }
        self.terminal = nil
        process = nil
        idleCheck?.cancel()
        // No longer one of its connection's open sessions: the client may open another as soon as
        // it hears this one end, before the channel's close has gone both ways.
        connection.sessions[ObjectIdentifier(self)] = nil
        room.log.info("left", metadata: metadata(["status": "\(Self.describe(status: status))", "reason": "\(endReason ?? "ended")"]))
        terminal.end()
        pipes?.closeChildEnds()
        guard let session, session.isActive else { return room.leave(self) }
        let signal = status & 0x7f
        if let endReason {
            say(endReason, on: session)
        } else if signal == SIGXCPU {
            say("the session used all the CPU time a session has; ssh again to start anew", on: session)
        } else if signal != 0 {
            say("the session ended (signal \(signal)); ssh again to start anew", on: session)
        }
        // The workshop's end is every session's clean end: exit status 0 for attendees and the
        // presenter alike, whatever their app made of the hang-up (issue 32: 129 for one, 0 for
        // the other).
        let code = room.isEnding || signal != 0 ? 0 : Int((status >> 8) & 0xff)
        let ended = signal == 0 || endReason != nil
            ? session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: code))
            : session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitSignal(
                signalName: Self.signalName(signal), errorMessage: "the session ended (signal \(signal))", language: "en", dumpedCore: false))
        // Counted out once the client has had the last word: SIGTERM's end waits for that.
        ended.whenComplete { [self] _ in session.close().whenComplete { [self] _ in room.leave(self) } }
    }

    private static func describe(_ time: TimeAmount) -> String {
        let seconds = time.nanoseconds / 1_000_000_000
        return seconds % 60 == 0 ? "\(seconds / 60) minute\(seconds == 60 ? "" : "s")" : "\(seconds) seconds"
    }

    private static func describe(status: Int32) -> String {
        status & 0x7f == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signalName(status & 0x7f))"
    }

    /// The names SSH gives signals (RFC 4254, 6.10), without `SIG`; those RFC 4254 does not
    /// list, by the same rule (a number would tell a client nothing).
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGABRT: "ABRT"
        case SIGALRM: "ALRM"
        case SIGFPE: "FPE"
        case SIGHUP: "HUP"
        case SIGILL: "ILL"
        case SIGINT: "INT"
        case SIGKILL: "KILL"
        case SIGPIPE: "PIPE"
        case SIGQUIT: "QUIT"
        case SIGSEGV: "SEGV"
        case SIGTERM: "TERM"
        case SIGUSR1: "USR1"
        case SIGUSR2: "USR2"
        case SIGXCPU: "XCPU"
        case SIGXFSZ: "XFSZ"
        case SIGBUS: "BUS"
        case SIGTRAP: "TRAP"
        case SIGSYS: "SYS"
        default: "SIG\(signal)@wallet"
        }
    }
}

/// The pipes between the server and a session's apps besides its terminal: the presenter's
/// frames out and counts in, a follower's frames in. Each end the apps keep is passed to each of
/// them as a descriptor (3, then 4), and closed here when the session ends.
private struct SessionPipes {
    var framesFromApp: Int32?, audienceToApp: Int32?, framesToApp: Int32?
    /// Every role's: the room's questions to the apps, and their answers back (`RoomMessage`).
    var roomToApp: Int32 = -1, roomFromApp: Int32 = -1
    var childEnds: [Int32] = []

    init(role: Admission.Role) throws(PseudoTerminal.Failure) {
        // All made, or none left open: a pipe that cannot be made (descriptors run out) leaks
        // none of those made before it.
        var made: [(read: Int32, write: Int32)] = []
        do {
            for _ in 0..<(role == .presenter ? 4 : role == .follower ? 3 : 2) { made.append(try Self.makePipe()) }
        } catch {
            for pipe in made { close(pipe.read); close(pipe.write) }
            throw error
        }
        switch role {
        case .attendee: break
        case .presenter:
            let frames = made.removeFirst(), audience = made.removeFirst()
            framesFromApp = frames.read
            audienceToApp = audience.write
            childEnds = [frames.write, audience.read]
        case .follower:
            let frames = made.removeFirst()
            framesToApp = frames.write
            childEnds = [frames.read]
        }
        // After the role's own: the descriptors `AppLauncher` names (presenter 5 and 6,
        // attendee 3 and 4, follower 4 and 5).
        let toApp = made.removeFirst(), fromApp = made.removeFirst()
        roomToApp = toApp.write
        roomFromApp = fromApp.read
        childEnds += [toApp.read, fromApp.write]
    }

    func closeChildEnds() { childEnds.forEach { close($0) } }

    /// The server's own ends, for a session that did not start: once started, the channels
    /// `connect` made own them.
    func closeServerEnds() {
        ([framesFromApp, audienceToApp, framesToApp].compactMap { $0 } + [roomToApp, roomFromApp]).forEach { close($0) }
    }

    static func makePipe() throws(PseudoTerminal.Failure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .spawn(errno) }
        // Close-on-exec at once: only the event loop's thread starts apps, so no other start
        // can come between and inherit them.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

/// The app's output, from its pseudo-terminal to the client, read only while the client's
/// channel can take it.
private final class TerminalOutput: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let session: Channel
    private let owner: SessionHandler
    /// Which of the session's processes it carries the output of.
    private let generation: Int

    init(session: Channel, owner: SessionHandler, generation: Int) {
        self.session = session
        self.owner = owner
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
        // The client is not reading: neither is the app's output, until it does.
        if !session.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    // Reading a pseudo-terminal's master once the app has gone fails (EIO): the end of its output.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        owner.terminalWritabilityChanged()
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        owner.outputClosed(generation: generation)
    }
}

/// What a session's process writes on its side pipe: the menu's choice, or the first 4 KiB of a
/// chosen app's standard error.
private final class SideOutput: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let owner: SessionHandler
    private let generation: Int

    init(owner: SessionHandler, generation: Int) {
        self.owner = owner
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        owner.sideRead(unwrapInboundIn(data).readableBytesView, generation: generation)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }

    func channelInactive(context: ChannelHandlerContext) { owner.sideClosed(generation: generation) }
}

/// The presenter's frames, cut from its app's stream and given to the room.
private final class PresenterFrames: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let room: Room
    private var stream = ByteBuffer()

    init(room: Room) { self.room = room }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        stream.writeBuffer(&bytes)
        guard let frames = SharedFrameBytes.split(&stream) else {
            // Not frames: nothing more is taken from this app.
            return context.close(promise: nil)
        }
        if let last = frames.last { room.presenterDrew(last) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

/// What a session's apps say of the room's questions, a message a line (`RoomMessage`): lines
/// too long or not messages are dropped.
private final class RoomInput: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let room: Room
    private let session: SessionHandler
    private var reader = RoomMessageReader()

    init(room: Room, session: SessionHandler) {
        self.room = room
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for message in reader.read(unwrapInboundIn(data).readableBytesView) { room.heard(message, from: session) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

/// A follower's frames pipe: told when it can take a frame again.
private final class FollowerFrames: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private let room: Room
    private let session: SessionHandler

    init(room: Room, session: SessionHandler) {
        self.room = room
        self.session = session
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        room.followerWritabilityChanged(session)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}
