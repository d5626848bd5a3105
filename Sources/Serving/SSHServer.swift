import Crypto
import Logging
import NIOCore
import NIOPosix
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `wallet serve` was told: who may join, what each session runs, and every limit.
public struct ServerConfiguration: Sendable {
    public var admission: Admission
    public var hostKey: NIOSSHPrivateKey
    /// The `wallet` each session runs, and the presenter's storyboard folder.
    public var wallet: String
    public var storyboards: String?
    public var sessionMemory: UInt64
    public var sessionCPUSeconds: UInt64
    public var maxSessions: Int
    public var idleTimeout: TimeAmount?
    public var gate: Gate
    public var loginGrace: TimeAmount
    public var maxAuthTries: Int
    /// Sessions one connection may have open at once (the presenter's are not counted).
    public var sessionsPerConnection: Int
    /// What the presenter's session runs with, for a projector (`--presenter-options`): the
    /// options of `PresenterOptions`, already checked.
    public var presenterOptions: [String] = []
    /// Where every question put to the room, each answer and each reveal are kept
    /// (`--results FILE`, JSON Lines); nil keeps them nowhere.
    public var results: String?
    /// How long the presenter's client must send nothing before another presenter login may
    /// take over (`--presenter-silence`).
    public var presenterSilence: TimeAmount = Room.defaultPresenterSilence

    /// The socket buffers of a connection, each way (the kernel doubles what it is given).
    public static let socketBuffer: SocketOptionValue = 256 * 1024

    /// Bytes a connection may send before it logs in: an OpenSSH login with a few keys offered
    /// takes under 20 KiB.
    public static let loginBytes = 256 * 1024

    /// A server of `admission` with a host key made for it and no limit but the login's own: what
    /// Fuzz/'s SSH door fuzzer feeds bytes, where penalties would shut the door on the second input.
    public static func unlimited(admission: Admission) -> ServerConfiguration {
        ServerConfiguration(admission: admission, hostKey: NIOSSHPrivateKey(ed25519Key: .init()), wallet: "/nonexistent/wallet", storyboards: nil,
                            sessionMemory: 1 << 29, sessionCPUSeconds: 60, maxSessions: 1, idleTimeout: nil,
                            gate: Gate(startups: Startups(start: 1 << 20, rate: 100, full: 1 << 20), penalties: Penalties("no")!,
                                       connectionsPerMinute: 1 << 30),
                            loginGrace: .seconds(60), maxAuthTries: 6, sessionsPerConnection: 1)
    }

    public init(admission: Admission, hostKey: NIOSSHPrivateKey, wallet: String, storyboards: String?, sessionMemory: UInt64,
                sessionCPUSeconds: UInt64, maxSessions: Int, idleTimeout: TimeAmount?, gate: Gate, loginGrace: TimeAmount,
                maxAuthTries: Int, sessionsPerConnection: Int) {
        self.admission = admission
        self.hostKey = hostKey
        self.wallet = wallet
        self.storyboards = storyboards
        self.sessionMemory = sessionMemory
        self.sessionCPUSeconds = sessionCPUSeconds
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.gate = gate
        self.loginGrace = loginGrace
        self.maxAuthTries = maxAuthTries
        self.sessionsPerConnection = sessionsPerConnection
    }

    /// Whether the server ends when the process that started it does (`--exit-with-parent`, for
    /// tests: a test run that crashes leaves no server behind).
    public var exitsWithParent = false
}

/// The SSH server: the door (`Gate`), then NIOSSH, then one `SessionHandler` per session, all on
/// one event loop with the `Room` and the `Reaper`.
public final class SSHServer: @unchecked Sendable {
    private let configuration: ServerConfiguration
    private let room: Room
    private let launcher: AppLauncher
    private var reaper: Reaper?

    public init(configuration: ServerConfiguration, eventLoop: EventLoop, log: Logger = Logger(label: "wallet-serve")) {
        self.configuration = configuration
        launcher = AppLauncher(executable: configuration.wallet, memory: configuration.sessionMemory,
                               cpuSeconds: configuration.sessionCPUSeconds, storyboards: configuration.storyboards,
                               presenterOptions: configuration.presenterOptions)
        // Checked when the server starts (`ResultsFile.open`): here it opens.
        let results = configuration.results.flatMap { try? ResultsFile.open($0).get() }
        room = Room(eventLoop: eventLoop,
                    limits: Room.Limits(maxSessions: configuration.maxSessions, idleTimeout: configuration.idleTimeout,
                                        startups: configuration.gate.startups.full, presenterSilence: configuration.presenterSilence),
                    gate: configuration.gate, log: log, results: results)
    }

    /// Sets up a new connection's pipeline, or closes it at the door (saying why before SSH's
    /// version line, where RFC 4253 lets a server write lines of its own).
    public func accept(_ channel: Channel) throws {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        // A socket more until it closes (`Room.descriptorsOpen`).
        room.connections += 1
        let counted = NIOLoopBound(room, eventLoop: room.eventLoop)
        channel.closeFuture.whenComplete { _ in counted.value.connections -= 1 }
        let (decision, arrival) = room.arrival(from: address)
        if case .refuse(let why) = decision {
            var line = channel.allocator.buffer(capacity: why.utf8.count + 20)
            line.writeString("wallet serve: \(why)\r\n")
            channel.writeAndFlush(line).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        let connection = Connection(admission: configuration.admission, maxAuthTries: configuration.maxAuthTries, room: room, channel: channel,
                                    address: address, arrivedAt: arrival)
        // The child initializer runs on the room's loop, where `room` and `connection` are reached.
        let launcher = launcher, room = NIOLoopBound(room, eventLoop: room.eventLoop), reaper = reaper
        let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
        let perConnection = configuration.sessionsPerConnection
        try channel.pipeline.syncOperations.addHandlers([
            // The client is read only while it reads what the server sends (issue 43). Every
            // request that wants a reply (a global `keepalive@openssh.com`, a channel's `env`)
            // adds to what waits for the client; one that asks without end and never reads grew
            // the server by 340 MB in 30 s. Once what waits passes the channel's high-water mark
            // (`isWritable`, 64 KiB), NIO's handler stops reading the socket, whatever it
            // carries, until the client has taken the replies: what waits for a client is then
            // at most the mark and the replies to one read.
            BackPressureHandler(),
            LoginGuard(connection: connection, grace: configuration.loginGrace, budget: ServerConfiguration.loginBytes),
            NIOSSHHandler(
                role: .server(.init(hostKeys: [configuration.hostKey], userAuthDelegate: connection)),
                allocator: channel.allocator,
                inboundChildChannelInitializer: { child, type in
                    // Sessions only (no forwarded connections), and no more at once than a
                    // connection may have: one connection cannot fill the workshop.
                    guard case .session = type, let reaper else { return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported) }
                    let connection = bound.value
                    if connection.role != .presenter, connection.openSessions >= perConnection {
                        room.value.log.notice("session refused", metadata: ["address": "\(address)", "user": "\(connection.user)",
                                                                      "reason": "more than \(perConnection) on one connection"])
                        return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                    }
                    return child.eventLoop.makeCompletedFuture {
                        try child.pipeline.syncOperations.addHandler(SessionHandler(launcher: launcher, room: room.value, reaper: reaper,
                                                                                    connection: connection))
                    }
                }),
            ProtocolErrorCloser(connection: connection),
        ])
    }

    /// Listens on `host`:`port` until SIGTERM, SIGINT or SIGHUP, when every session ends with a
    /// goodbye; `listening` runs once the port is open.
    public static func run(_ configuration: ServerConfiguration, host: String, port: Int, log: Logger,
                           listening: () -> Void) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let eventLoop = group.next()
        let server = SSHServer(configuration: configuration, eventLoop: eventLoop, log: log)
        let ended = eventLoop.makePromise(of: Void.self)
        let listener = ListenerBox()
        // Made here, not on the loop: it waits for its pipe's channel to be registered there.
        let endWorkshop: @Sendable () -> Void = {
            guard !server.room.isEnding else { return }
            log.notice("ending the workshop", metadata: ["sessions": "\(server.room.sessionCount)"])
            listener.channel?.close(promise: nil)
            server.room.endWorkshop(grace: .seconds(3)) { ended.succeed() }
        }
        let reaper = try Reaper(eventLoop: eventLoop, onEnd: endWorkshop)
        try eventLoop.submit { server.reaper = reaper }.wait()
        if configuration.exitsWithParent {
            // Polled: PR_SET_PDEATHSIG follows the thread that started the server, which a
            // test's runtime may end long before the test, and exists on Linux alone.
            let parent = getppid()
            eventLoop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
                if getppid() != parent { endWorkshop() }
            }
        }
        let bootstrap = ServerBootstrap(group: eventLoop)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(SOL_SOCKET), SO_REUSEADDR), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 512)
            // What the kernel keeps for a connection, each way, stated rather than autotuned
            // (to several MiB on loopback): a screen is a few KiB, a follower's frame 2, and a
            // client that never reads then holds at most this and 64 KiB of replies (issue 43).
            .childChannelOption(ChannelOptions.socketOption(.so_sndbuf), value: ServerConfiguration.socketBuffer)
            .childChannelOption(ChannelOptions.socketOption(.so_rcvbuf), value: ServerConfiguration.socketBuffer)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try server.accept(channel) }
            }
        listener.channel = try bootstrap.bind(host: host, port: port).wait()
        try eventLoop.submit { server.room.descriptorBase = DescriptorBudget.openDescriptors() }.wait()
        listening()
        try ended.futureResult.wait()
    }

    /// Raises this process's limit of open descriptors to what the limits need, as far as
    /// the hard limit allows; the numbers when it cannot.
    public static func raiseDescriptorLimit(maxSessions: Int, startups: Startups) -> String? {
        #if os(Linux)
        let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let files = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(files, &limit) == 0 else { return nil }
        let needed = rlim_t(DescriptorBudget.needed(maxSessions: maxSessions, startups: startups.full))
        if limit.rlim_cur >= needed { return nil }
        limit.rlim_cur = min(needed, limit.rlim_max)
        _ = setrlimit(files, &limit)
        guard limit.rlim_cur < needed else { return nil }
        return "--max-sessions \(maxSessions) and --max-startups \(startups) need \(needed) open files, "
            + "and this process may have at most \(limit.rlim_max) (ulimit -Hn): raise it, or lower --max-sessions"
    }
}

/// The listening channel, once bound, for the signal that ends the workshop to close.
private final class ListenerBox: @unchecked Sendable {
    // Set before any signal is handled, and read on the event loop.
    var channel: Channel?
}
