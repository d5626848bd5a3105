import Dispatch
import NIOCore
import NIOPosix
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One SSH session channel: its pseudo-terminal request (terminal type and size), `NO_COLOR`
/// from an environment request, then a shell request starts the app on a pseudo-terminal; its
/// bytes go both ways, a window change resizes it, and when the app ends the client gets its exit
/// status and the channel closes. Exec and subsystem requests (sftp) are refused: a session runs
/// the app and nothing else, and names no file of the server.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData

    private let app: AppLauncher
    private var term = "xterm-256color"
    private var columns = 80, rows = 24
    private var noColor: String?
    private var terminal: PseudoTerminal?
    private var terminalChannel: Channel?

    init(app: AppLauncher) { self.app = app }

    func handlerAdded(context: ChannelHandlerContext) {
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // The client went: the app gets the hang-up a closed terminal gives, and restores it.
        if let terminal {
            kill(terminal.process, SIGHUP)
            close(terminal.master)
            self.terminal = nil
        }
        terminalChannel?.close(promise: nil)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            term = request.term.isEmpty ? term : request.term
            (columns, rows) = (request.terminalCharacterWidth, request.terminalRowHeight)
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            if request.name == "NO_COLOR" { noColor = request.value }
            reply(request.wantReply, request.name == "NO_COLOR", context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            (columns, rows) = (request.terminalCharacterWidth, request.terminalRowHeight)
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
        terminalChannel?.writeAndFlush(bytes, promise: nil)
    }

    private func reply(_ wantReply: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wantReply else { return }
        context.triggerUserOutboundEvent(success ? ChannelSuccessEvent() as Any : ChannelFailureEvent() as Any, promise: nil)
    }

    /// Says why on the session's error stream, then refuses the request and ends the session.
    private func refuse(_ wantReply: Bool, _ message: String, _ context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: message.utf8.count + 2)
        buffer.writeString("wallet serve: \(message)\r\n")
        context.writeAndFlush(NIOAny(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        reply(wantReply, false, context)
        context.close(promise: nil)
    }

    private func start(context: ChannelHandlerContext, wantReply: Bool) {
        guard terminal == nil else { return reply(wantReply, false, context) }
        let terminal: PseudoTerminal
        do {
            terminal = try app.start(term: term, noColor: noColor, columns: columns, rows: rows)
        } catch {
            return refuse(wantReply, "\(error)", context)
        }
        self.terminal = terminal
        reply(wantReply, true, context)
        let session = context.channel
        NIOPipeBootstrap(group: session.eventLoop)
            .channelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(TerminalOutput(session: session)) }
            }
            .takingOwnershipOfDescriptors(input: dup(terminal.master), output: dup(terminal.master))
            .assumeIsolated()
            .whenSuccess { [self] pipe in terminalChannel = pipe }
        // The master itself stays open for resizing (`TIOCSWINSZ`) until the session ends.
        // The app's end: its exit status (or the signal that ended it) for the client, then the channel closes.
        let process = terminal.process
        DispatchQueue.global().async {
            var waited: Int32 = 0
            while waitpid(process, &waited, 0) < 0 && errno == EINTR {}
            let status = waited
            session.eventLoop.execute {
                let signal = status & 0x7f
                let ended = signal == 0
                    ? session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int((status >> 8) & 0xff)))
                    : session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitSignal(
                        signalName: Self.signalName(signal), errorMessage: "the session ended (signal \(signal))", language: "en", dumpedCore: false))
                ended.whenComplete { _ in session.close(promise: nil) }
            }
        }
    }

    /// The names SSH gives signals (RFC 4254, 6.10), without `SIG`.
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
        default: "\(signal)"
        }
    }
}

/// The app's output, from its pseudo-terminal to the client.
private final class TerminalOutput: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let session: Channel

    init(session: Channel) { self.session = session }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
    }

    // Reading a pseudo-terminal's master once the app has gone fails (EIO): the end of its output.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
