import Logging
import NIOCore
import NIOPosix
import NIOSSH
import SessionProtocol
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SSH session channel: its pseudo-terminal request (terminal type and size), `NO_COLOR`
/// from an environment request, then a shell request starts the session on a pseudo-terminal of
/// its own: for an attendee and the presenter the menu, then what the menu chose, then the menu
/// again, one process at a time; for a follower the presenter's frames. What runs next, and
/// when, is `SessionStateMachine`'s to say; this handler carries out what it asks, with the
/// terminal and pipes of `SessionProcess` and the streams of `SessionRelays`. Its bytes go both
/// ways, a window change resizes it, and when the session ends the client gets a line saying why
/// (when the server ended it), its exit status, and the channel closes. Exec and subsystem
/// requests (sftp) are refused: a session runs the app and nothing else, and names no file of
/// the server.
///
/// A client that stops reading stops its own app, and no other: the app's output is read only
/// while the client's channel can take it, so the app waits on its terminal, as on a slow link.
/// Input pushes back the same way: the client's channel is read only while the app's terminal
/// can take more, so a client typing without end fills its own SSH window, not the server.
final class SessionHandler: ChannelInboundHandler {
    // Confined to the server's one event loop: NIO calls a handler there, and every closure
    // that comes back to it runs there (the reaper's, the relays', the timers'), through
    // `bound`, which checks that it does.
    typealias InboundIn = SSHChannelData

    private let launcher: AppLauncher
    private let room: Room
    private let reaper: Reaper
    private let connection: Connection
    private var term = "xterm-256color"
    private var columns = 80, rows = 24
    private var noColor: String?
    /// What the session does: which process runs, and what comes next (`SessionStateMachine`).
    private var machine: SessionStateMachine
    /// The terminal and pipes, from the shell request to the session's end.
    private var process: SessionProcess?
    /// The relay of the terminal's output and keys, for the process running now.
    private var terminalChannel: Channel?
    private var session: Channel?
    private var joined = false
    private(set) var lastInput = NIODeadline.now()
    private var idleCheck: RepeatedTask?

    /// What the session is, by the user's name.
    var role: SessionLayout.Role { connection.role ?? .attendee }
    /// Who is at the other end, as far as the room can tell: the ssh user name and the address
    /// (`Room.person(for:)`).
    var identity: String { "\(connection.user)@\(connection.address)" }

    /// This session, for a closure that NIO runs later on the session's event loop.
    private var bound: NIOLoopBound<SessionHandler> { NIOLoopBound(self, eventLoop: room.eventLoop) }

    init(launcher: AppLauncher, room: Room, reaper: Reaper, connection: Connection) {
        self.launcher = launcher
        self.room = room
        self.reaper = reaper
        self.connection = connection
        machine = SessionStateMachine(folder: launcher.storyboards)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        session = context.channel
        connection.sessions[ObjectIdentifier(self)] = self
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // A session whose app still runs stays one of its connection's until the app has
        // ended (`finish`): a client that opens and closes shells in a loop has one app at a
        // time, not one per channel (issue 43).
        if process == nil { connection.sessions[ObjectIdentifier(self)] = nil }
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
        idleCheck?.cancel()
        perform(machine.handle(.hangUp))
        if process == nil, joined { room.leave(self) }
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
            process?.terminal.resize(columns: columns, rows: rows)
            if connection.role == .follower { room.followerResized(self, columns: columns, rows: rows) }
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
    func terminalWritabilityChanged() {
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
    private func turnAway(_ wantReply: Bool, _ message: String, on channel: Channel) {
        if wantReply { channel.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil) }
        say(message, on: channel)
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
        guard machine.state == .idle, !joined, let role = connection.role else { return reply(wantReply, false, context) }
        if let refusal = room.join(self, as: role) {
            room.log.notice("session refused", metadata: metadata(["reason": "\(refusal)"]))
            return turnAway(wantReply, refusal, on: context.channel)
        }
        joined = true
        pendingReply = wantReply
        do {
            process = try SessionProcess(role: role, columns: columns, rows: rows)
        } catch {
            room.log.error("session did not start", metadata: metadata(["reason": "\(error)"]))
            return startFailed(telling: Self.telling(error))
        }
        perform(machine.handle(.shell(role)))
    }

    /// Whether the shell request waits for its reply: given once the first process started.
    private var pendingReply = false

    /// The session could not start: it leaves the room, and the client is told why (the
    /// workshop is full, when descriptors ran out).
    private func startFailed(telling message: String) {
        process?.endUnstarted()
        process = nil
        room.leave(self)
        joined = false
        if let session { turnAway(pendingReply, message, on: session) }
        pendingReply = false
    }

    /// What the client is told of a process that did not start.
    private static func telling(_ error: PseudoTerminal.Failure) -> String {
        error.isOutOfDescriptors ? Room.full : "\(error)"
    }

    /// The session's first process runs: the client hears so, the relays start, and an
    /// attendee's idle time is watched.
    private func started(_ process: SessionProcess) {
        room.log.info("joined", metadata: metadata(["process": "\(machine.process ?? 0)", "sessions": "\(room.sessionCount)"]))
        if let session, pendingReply { session.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil) }
        pendingReply = false
        connect(process)
        if process.role == .attendee, let timeout = room.limits.idleTimeout, let session {
            let every = TimeAmount.nanoseconds(max(TimeAmount.seconds(1).nanoseconds, min(timeout.nanoseconds / 4, TimeAmount.seconds(30).nanoseconds)))
            let me = bound
            idleCheck = session.eventLoop.scheduleRepeatedTask(initialDelay: every, delay: every) { _ in
                if NIODeadline.now() - me.value.lastInput >= timeout {
                    me.value.end(saying: "no key for \(Self.describe(timeout)): the session ended to make room; ssh again to start anew")
                }
            }
        }
    }

    // MARK: What the state machine asks

    private func perform(_ actions: [SessionStateMachine.Action]) {
        for action in actions {
            switch action {
            case .launch(let step): launch(step)
            case .chose(let choice):
                room.log.info("runs", metadata: metadata(["choice": "\(choice.title)"]))
                // The app reads the counts afresh, and is asked the open question.
                if connection.role == .presenter { room.presenterRelaunched() }
                room.sessionLaunched(self)
            case .signal(let process, let signal): kill(-process, signal)
            case .scheduleDrain(let generation):
                let me = bound
                room.eventLoop.scheduleTask(in: .seconds(1)) { me.value.perform(me.value.machine.handle(.drained(generation: generation))) }
            case .scheduleForceEnd:
                let me = bound
                room.eventLoop.scheduleTask(in: .seconds(3)) { me.value.forceEnd() }
            case .closeOutput:
                terminalChannel?.close(promise: nil)
                terminalChannel = nil
            case .turnAway(let message): startFailed(telling: message)
            case .finish(let ending): finish(ending)
            }
        }
    }

    /// Starts `step` on the session's terminal: the menu or the follower's view. Its output goes
    /// to the client; its side pipe (the menu's choice, then the chosen app's standard error) is
    /// read by the state machine; its end is heard by the server's one reaper.
    private func launch(_ step: SessionStateMachine.Launch) {
        guard let process, let session else { return }
        let first = machine.generation == 0
        let started: pid_t
        let side: (read: Int32, write: Int32)
        do throws(PseudoTerminal.Failure) {
            side = try SessionProcess.makePipe()
            do throws(PseudoTerminal.Failure) {
                started = try process.spawn(step, launcher: launcher, environment: launcher.environment(term: term, noColor: noColor), side: side.write)
            } catch {
                close(side.read)
                close(side.write)
                throw error
            }
            // The process has its copy.
            close(side.write)
        } catch {
            room.log.error("did not start", metadata: metadata(["reason": "\(error)"]))
            return perform(machine.handle(.launchFailed(Self.telling(error))))
        }
        perform(machine.handle(.started(process: started)))
        let generation = machine.generation
        // The presenter's menu or app reads the counts afresh; another's is asked the open question.
        if connection.role == .presenter { room.presenterRelaunched() }
        room.sessionLaunched(self)
        let me = bound
        NIOPipeBootstrap(group: session.eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(TerminalOutput(session: session, owner: me.value, generation: generation))
                }
            }
            // Copies made close-on-exec, as every descriptor of the server's is: no app inherits another's terminal.
            .takingOwnershipOfDescriptors(input: fcntl(process.terminal.master, F_DUPFD_CLOEXEC, 3),
                                          output: fcntl(process.terminal.master, F_DUPFD_CLOEXEC, 3))
            .whenComplete { result in
                switch result {
                case .success(let pipe) where generation == me.value.machine.generation: me.value.terminalChannel = pipe
                case .success(let pipe): pipe.close(promise: nil)
                case .failure: me.value.outputClosed(generation: generation)
                }
            }
        NIOPipeBootstrap(group: session.eventLoop)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(SideOutput(owner: me.value, generation: generation)) }
            }
            .takingOwnershipOfDescriptor(input: side.read)
            .whenFailure { _ in me.value.sideClosed(generation: generation) }
        reaper.whenEnded(started) { [self] status in perform(machine.handle(.exited(status: status, generation: generation))) }
        if first { self.started(process) }
    }

    /// Who this session is, for the log.
    private func metadata(_ more: Logger.Metadata = [:]) -> Logger.Metadata {
        var all: Logger.Metadata = ["address": "\(connection.address)", "user": "\(connection.user)",
                                    "role": "\(connection.role?.rawValue ?? "none")"]
        all.merge(more) { $1 }
        return all
    }

    /// The presenter's frames into the room, the room's counts to the presenter, the room's
    /// frames to a follower, and every role's questions and answers.
    private func connect(_ process: SessionProcess) {
        let eventLoop = room.eventLoop
        let me = bound
        for (pipe, descriptor) in process.serverEnds {
            switch pipe {
            case .framesOut:
                _ = NIOPipeBootstrap(group: eventLoop)
                    .channelInitializer { pipe in
                        pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(PresenterFrames(room: me.value.room, session: me.value)) }
                    }
                    .takingOwnershipOfDescriptor(input: descriptor)
            case .counts:
                NIOPipeBootstrap(group: eventLoop)
                    .channelInitializer { pipe in
                        pipe.eventLoop.makeCompletedFuture {
                            try pipe.pipeline.syncOperations.addHandler(WhenWritable { me.value.room.audienceWritabilityChanged() })
                        }
                    }
                    .takingOwnershipOfDescriptor(output: descriptor)
                    .whenSuccess { channel in me.value.room.presenterStarted(audience: channel, from: me.value) }
            case .roomIn:
                NIOPipeBootstrap(group: eventLoop).takingOwnershipOfDescriptor(output: descriptor)
                    .whenSuccess { channel in me.value.room.roomStarted(me.value, channel: channel) }
            case .roomOut:
                _ = NIOPipeBootstrap(group: eventLoop)
                    .channelInitializer { pipe in
                        pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(RoomInput(room: me.value.room, session: me.value)) }
                    }
                    .takingOwnershipOfDescriptor(input: descriptor)
            case .framesIn:
                NIOPipeBootstrap(group: eventLoop)
                    .channelInitializer { pipe in
                        pipe.eventLoop.makeCompletedFuture {
                            try pipe.pipeline.syncOperations.addHandler(WhenWritable { me.value.room.followerWritabilityChanged(me.value) })
                        }
                    }
                    .takingOwnershipOfDescriptor(output: descriptor)
                    .whenSuccess { channel in
                        let session = me.value
                        session.room.followerStarted(session, frames: channel)
                        session.room.followerResized(session, columns: session.columns, rows: session.rows)
                    }
            }
        }
    }

    // MARK: Ending

    /// Ends the app as a closed terminal would (it restores the client's terminal on its way
    /// out); the client then reads `reason`.
    func end(saying reason: String) {
        perform(machine.handle(.end(reason: reason, workshopOver: room.isEnding)))
    }

    /// The app did not end when asked: it is killed.
    func forceEnd() {
        perform(machine.handle(.forceEnd))
    }

    func outputClosed(generation: Int) {
        perform(machine.handle(.outputEnded(generation: generation)))
    }

    func sideRead(_ bytes: ByteBufferView, generation: Int) {
        perform(machine.handle(.sideRead(Array(bytes.prefix(SessionStateMachine.sideLimit)), generation: generation)))
    }

    func sideClosed(generation: Int) {
        perform(machine.handle(.sideEnded(generation: generation)))
    }

    private func finish(_ ending: SessionStateMachine.Ending) {
        guard let process else { return }
        self.process = nil
        idleCheck?.cancel()
        // No longer one of its connection's open sessions: the client may open another as soon as
        // it hears this one end, before the channel's close has gone both ways.
        connection.sessions[ObjectIdentifier(self)] = nil
        room.log.info("left", metadata: metadata(["status": "\(Self.describe(status: ending.status))", "reason": "\(ending.message ?? "ended")"]))
        process.end()
        guard let session, session.isActive, let exit = ending.exit else { return room.leave(self) }
        if let message = ending.message { say(message, on: session) }
        let ended = switch exit {
        case .status(let code): session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: code))
        case .signal(let signal):
            session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitSignal(
                signalName: Self.signalName(signal), errorMessage: "the session ended (signal \(signal))", language: "en", dumpedCore: false))
        }
        // Counted out once the client has had the last word: SIGTERM's end waits for that.
        let me = bound
        ended.whenComplete { _ in session.close().whenComplete { _ in me.value.room.leave(me.value) } }
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

