import Logging
import NIOCore
import NIOPosix
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SSH session channel: its pseudo-terminal request (terminal type and size), `NO_COLOR`
/// from an environment request, then a shell request starts the app for the user's role on a
/// pseudo-terminal (`AppLauncher`); its bytes go both ways, a window change resizes it, and when
/// the app ends the client gets a line saying why (when the server ended it), its exit status,
/// and the channel closes. Exec and subsystem requests (sftp) are refused: a session runs the
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
    private var terminalChannel: Channel?
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
        if let terminal, exitStatus == nil {
            kill(-terminal.process, SIGHUP)
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
        let pipes: SessionPipes
        let terminal: PseudoTerminal
        do {
            pipes = try SessionPipes(role: role)
            terminal = try launcher.start(role: role, term: term, noColor: noColor, columns: columns, rows: rows,
                                          descriptors: pipes.childEnds)
        } catch {
            room.leave(self)
            joined = false
            room.log.error("session did not start", metadata: metadata(["reason": "\(error)"]))
            return turnAway(wantReply, "\(error)", context)
        }
        room.log.info("joined", metadata: metadata(["process": "\(terminal.process)", "sessions": "\(room.sessionCount)"]))
        pipes.closeChildEnds()
        self.terminal = terminal
        reply(wantReply, true, context)
        let session = context.channel
        NIOPipeBootstrap(group: session.eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(TerminalOutput(session: session, owner: self)) }
            }
            // Copies made close-on-exec, as every descriptor of the server's is: no app inherits another's terminal.
            .takingOwnershipOfDescriptors(input: fcntl(terminal.master, F_DUPFD_CLOEXEC, 3), output: fcntl(terminal.master, F_DUPFD_CLOEXEC, 3))
            .whenSuccess { [self] pipe in terminalChannel = pipe }
        connect(pipes)
        if role == .attendee, let timeout = room.limits.idleTimeout {
            let every = TimeAmount.nanoseconds(max(TimeAmount.seconds(1).nanoseconds, min(timeout.nanoseconds / 4, TimeAmount.seconds(30).nanoseconds)))
            idleCheck = session.eventLoop.scheduleRepeatedTask(initialDelay: every, delay: every) { [self] _ in
                if NIODeadline.now() - lastInput >= timeout {
                    end(saying: "no key for \(Self.describe(timeout)): the session ended to make room; ssh again to start anew")
                }
            }
        }
        // The app's end, heard by the server's one reaper (SIGCHLD) on the event loop.
        reaper.whenEnded(terminal.process) { [self] status in appExited(status: status) }
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
        if let frames = pipes.framesToApp {
            NIOPipeBootstrap(group: eventLoop)
                .channelInitializer { [self] pipe in
                    pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(FollowerFrames(room: room, session: self)) }
                }
                .takingOwnershipOfDescriptor(output: frames)
                .whenSuccess { [self] channel in room.followerStarted(self, frames: channel) }
        }
    }

    // MARK: Ending

    /// Ends the app as a closed terminal would (it restores the client's terminal on its way
    /// out); the client then reads `reason`.
    func end(saying reason: String) {
        guard let terminal, exitStatus == nil else { return }
        endReason = endReason ?? reason
        kill(-terminal.process, SIGHUP)
    }

    /// The app did not end when asked: it is killed.
    func forceEnd() {
        if let terminal, exitStatus == nil { kill(-terminal.process, SIGKILL) }
    }

    fileprivate func outputClosed() {
        outputEnded = true
        finishIfEnded()
    }

    private func appExited(status: Int32) {
        exitStatus = status
        // What it started (the app an attendee chose in the menu) ends with it.
        if let terminal { kill(-terminal.process, SIGHUP) }
        idleCheck?.cancel()
        // Its output may still be on its way: the end waits for the terminal's end of file, or
        // a moment when the client went and nobody reads it.
        finishIfEnded()
        session?.eventLoop.scheduleTask(in: .seconds(1)) { [self] in
            outputEnded = true
            finishIfEnded()
        }
    }

    private func finishIfEnded() {
        guard let status = exitStatus, outputEnded, let terminal else { return }
        self.terminal = nil
        room.log.info("left", metadata: metadata(["status": "\(Self.describe(status: status))", "reason": "\(endReason ?? "ended")"]))
        close(terminal.master)
        terminalChannel?.close(promise: nil)
        guard let session, session.isActive else { return room.leave(self) }
        let signal = status & 0x7f
        if let endReason {
            say(endReason, on: session)
        } else if signal == SIGXCPU {
            say("the session used all the CPU time a session has; ssh again to start anew", on: session)
        } else if signal != 0 {
            say("the session ended (signal \(signal)); ssh again to start anew", on: session)
        }
        let ended = signal == 0 || endReason != nil
            ? session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: signal == 0 ? Int((status >> 8) & 0xff) : 0))
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

/// The pipes between the server and a session's app besides its terminal: the presenter's
/// frames out and counts in, a follower's frames in. Each end the app keeps is passed to it as a
/// descriptor (3, then 4), and closed here once it has started.
private struct SessionPipes {
    var framesFromApp: Int32?, audienceToApp: Int32?, framesToApp: Int32?
    var childEnds: [Int32] = []

    init(role: Admission.Role) throws(PseudoTerminal.Failure) {
        switch role {
        case .attendee: break
        case .presenter:
            let frames = try Self.makePipe(), audience = try Self.makePipe()
            framesFromApp = frames.read
            audienceToApp = audience.write
            childEnds = [frames.write, audience.read]
        case .follower:
            let frames = try Self.makePipe()
            framesToApp = frames.write
            childEnds = [frames.read]
        }
    }

    func closeChildEnds() { childEnds.forEach { close($0) } }

    private static func makePipe() throws(PseudoTerminal.Failure) -> (read: Int32, write: Int32) {
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

    init(session: Channel, owner: SessionHandler) {
        self.session = session
        self.owner = owner
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
        owner.outputClosed()
    }
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
