import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's signals, heard on its event loop: SIGCHLD reaps every session's app that ended
/// (`waitpid(-1, WNOHANG)`, a table from process to session), and SIGTERM, SIGINT and SIGHUP end
/// the workshop. One handler for all sessions, with no thread waiting for any of them (issue 31:
/// a blocking `waitpid` per session on Dispatch's pool left the 80th session's end unheard).
///
/// The handlers only write the signal's number into a pipe (the self-pipe trick, safe in a
/// signal handler); the event loop reads it like any other channel.
final class Reaper: @unchecked Sendable {
    // Confined to `eventLoop`, but for the signal handler, which touches only `signalWriteEnd`.
    let eventLoop: EventLoop
    private var waiting: [pid_t: (Int32) -> Void] = [:]
    /// Apps reaped before anyone asked for them (a start and its end raced).
    private var unclaimed: [pid_t: Int32] = [:]
    private let onEnd: () -> Void

    /// Listens for the signals on `eventLoop`; `onEnd` runs there at SIGTERM, SIGINT or SIGHUP.
    init(eventLoop: EventLoop, onEnd: @escaping () -> Void) throws {
        self.eventLoop = eventLoop
        self.onEnd = onEnd
        let ends = try Self.signalPipe.get()
        // Heard even when the parent started the server with them blocked (Foundation's Process does).
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in Self.signals { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        _ = try NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(SignalReader(reaper: self)) }
            }
            .takingOwnershipOfDescriptor(input: ends.read).wait()
        _ = Self.signalWriteEnd
        for number in Self.signals { Self.install(number) }
    }

    struct ReaperFailure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "no pipe for signals: \(String(cString: strerror(code)))" }
    }

    private static let signals = [SIGCHLD, SIGTERM, SIGINT, SIGHUP]

    /// Where the handlers write and the reaper reads. A process has one disposition for each
    /// signal, so one pipe, made once, before any handler is installed; and so one reaper.
    private static let signalPipe: Result<(read: Int32, write: Int32), ReaperFailure> = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return .failure(ReaperFailure(code: errno)) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return .success((ends[0], ends[1]))
    }()
    /// What the handler writes to, initialised (by `init`) before any handler can run.
    private static let signalWriteEnd: Int32 = (try? signalPipe.get().write) ?? -1

    /// Only writes the signal's number into the pipe: what a signal handler may safely do.
    private static let handler: @convention(c) (Int32) -> Void = { signal in
        let saved = errno
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(Reaper.signalWriteEnd, &byte, 1)
        errno = saved
    }

    private static func install(_ number: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = SA_RESTART | (number == SIGCHLD ? SA_NOCLDSTOP : 0)
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }

    /// `then` runs on the event loop with `process`'s wait status when it has ended.
    func whenEnded(_ process: pid_t, then: @escaping (Int32) -> Void) {
        eventLoop.preconditionInEventLoop()
        if let status = unclaimed.removeValue(forKey: process) { return then(status) }
        waiting[process] = then
    }

    /// Sessions still waiting for their app.
    var watched: Int { waiting.count }

    fileprivate func heard(_ signals: ByteBuffer) {
        if signals.readableBytesView.contains(where: { Int32($0) != SIGCHLD }) { onEnd() }
        reap()
    }

    /// Every child that has ended, whichever signal was heard: signals of one kind merge, so one
    /// SIGCHLD may stand for many.
    private func reap() {
        var status: Int32 = 0
        while true {
            let process = waitpid(-1, &status, WNOHANG)
            if process > 0 {
                if let then = waiting.removeValue(forKey: process) {
                    then(status)
                } else if unclaimed.count < 10_000 {
                    unclaimed[process] = status
                }
            } else if process < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

private final class SignalReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let reaper: Reaper

    init(reaper: Reaper) { self.reaper = reaper }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reaper.heard(unwrapInboundIn(data))
    }
}
