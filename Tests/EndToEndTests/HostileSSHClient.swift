import Foundation
import NIOCore
import NIOPosix
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client of `wallet serve` that does what OpenSSH's `ssh` never would, for the hostile-client
/// tests (issue 31): any number of passwords on one connection, many sessions on one connection,
/// any terminal size, channel requests of every kind with a reply wanted, typing without reading.
/// Built on NIOSSH's client; every object is touched on the one event loop, and the tests wait for
/// what they expect by asking it there.
enum HostileSSH {
    static let loop = MultiThreadedEventLoopGroup.singleton.next()

    /// Connects from `source` (an address of 127.0.0.0/8) as `user`, offering each of
    /// `passwords` in turn (then giving up); nil when the server closed it before it logged in.
    /// With `stall`, it never answers when asked how it logs in: a login left half done.
    /// `socketBuffers`: the client's socket buffers, each way, when it must be small (a client
    /// that stops reading holds the server to what its own buffers take, besides the server's).
    static func connect(port: Int, from source: String? = nil, user: String = "attendee",
                        passwords: [String] = ["any"], stall: Bool = false, socketBuffers: Int? = nil) async throws -> Connection {
        let credentials = Credentials(username: user, passwords: passwords)
        credentials.stall = stall
        let watcher = Connection()
        watcher.credentials = credentials
        var bootstrap = ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    credentials.channel = channel
                    try channel.pipeline.syncOperations.addHandler(NIOSSHHandler(
                        role: .client(.init(userAuthDelegate: credentials, serverAuthDelegate: AcceptAnyHostKey())),
                        allocator: channel.allocator, inboundChildChannelInitializer: nil))
                    try channel.pipeline.syncOperations.addHandler(watcher)
                }
            }
        if let source { bootstrap = bootstrap.bind(to: try SocketAddress(ipAddress: source, port: 0)) }
        if let socketBuffers {
            bootstrap = bootstrap.channelOption(ChannelOptions.socketOption(.so_rcvbuf), value: SocketOptionValue(socketBuffers))
                .channelOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(socketBuffers))
        }
        let channel = try await bootstrap.connect(host: "127.0.0.1", port: port).get()
        // NIOSSH's handler passes no channelInactive on: the channel's close says it.
        try await loop.submit {
            watcher.channel = channel
            channel.closeFuture.whenComplete { _ in watcher.closed = true }
        }.get()
        if !stall { try await until("the connection logged in or closed") { watcher.loggedIn || watcher.closed } }
        return watcher
    }

    /// Polls `condition` on the loop until it holds; throws after `limit`, saying `what`.
    static func until(_ what: String, limit: Duration = .seconds(30), _ condition: @escaping @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while try await !loop.submit(condition).get() {
            guard ContinuousClock.now < deadline else { throw EndToEndError("waited \(limit) for \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `body` on the loop.
    static func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) async throws -> T {
        try await loop.submit(body).get()
    }

    final class Credentials: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
        let username: String
        let passwords: [String]
        /// Passwords offered so far.
        var offered = 0
        var channel: Channel?
        var stall = false
        /// Kept unanswered, when stalling.
        private var held: EventLoopPromise<NIOSSHUserAuthenticationOffer?>?

        init(username: String, passwords: [String]) {
            self.username = username
            self.passwords = passwords
        }

        func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                    nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
            if stall { return held = nextChallengePromise }
            // Out of passwords, it goes, as ssh does ("Permission denied").
            guard offered < passwords.count else {
                nextChallengePromise.succeed(nil)
                channel?.close(promise: nil)
                return
            }
            offered += 1
            nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .password(.init(password: passwords[offered - 1]))))
        }
    }

    /// One connection: whether it logged in, whether it is closed, and its sessions.
    final class Connection: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = Any
        var channel: Channel?
        var credentials: Credentials?
        var loggedIn = false
        var closed = false

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is UserAuthSuccessEvent { loggedIn = true }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }

        /// Opens a session channel; nil when the server refused it.
        func openSession() async throws -> Session? {
            guard let channel else { return nil }
            let session = Session()
            let opened: EventLoopFuture<Channel> = channel.eventLoop.flatSubmit {
                channel.pipeline.handler(type: NIOSSHHandler.self).flatMap { ssh in
                    let promise = channel.eventLoop.makePromise(of: Channel.self)
                    ssh.createChannel(promise) { child, _ in
                        child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(session) }
                    }
                    return promise.futureResult
                }
            }
            do {
                _ = try await opened.get()
                return session
            } catch {
                return nil
            }
        }

        func close() async {
            try? await HostileSSH.onLoop { self.channel?.close(promise: nil) }
        }
    }

    /// One session channel: what it received (both streams), the replies to its requests in
    /// order, and how it ended.
    final class Session: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = SSHChannelData
        var channel: Channel?
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var replies: [Bool] = []
        var exitStatus: Int?
        var exitSignal: String?
        var closed = false
        /// Whether it reads what the server sends (a client that stops reading does not).
        var reading = true

        func handlerAdded(context: ChannelHandlerContext) {
            channel = context.channel
            _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let data = unwrapInboundIn(data)
            guard case .byteBuffer(let bytes) = data.data else { return }
            if case .stdErr = data.type { errors += bytes.readableBytesView } else { output += bytes.readableBytesView }
            if output.count > 1 << 20 { output.removeFirst(output.count - (1 << 19)) }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            switch event {
            case is ChannelSuccessEvent: replies.append(true)
            case is ChannelFailureEvent: replies.append(false)
            case let status as SSHChannelRequestEvent.ExitStatus: exitStatus = status.exitStatus
            case let signal as SSHChannelRequestEvent.ExitSignal: exitSignal = signal.signalName
            default: context.fireUserInboundEventTriggered(event)
            }
        }

        func channelInactive(context: ChannelHandlerContext) { closed = true }

        /// Asks `request` (an `SSHChannelRequestEvent`) of the server.
        func request(_ request: Any & Sendable) async throws {
            guard let channel else { return }
            try await channel.triggerUserOutboundEvent(request).get()
        }

        /// A terminal of `columns` x `rows` and a shell: what `ssh HOST` asks.
        func startShell(columns: Int = 80, rows: Int = 24) async throws {
            try await request(SSHChannelRequestEvent.PseudoTerminalRequest(
                wantReply: true, term: "xterm-256color", terminalCharacterWidth: columns, terminalRowHeight: rows,
                terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: .init([:])))
            try await request(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        }

        func send(_ bytes: [UInt8]) {
            guard let channel else { return }
            channel.eventLoop.execute {
                var buffer = channel.allocator.buffer(capacity: bytes.count)
                buffer.writeBytes(bytes)
                channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
            }
        }

        /// Stops reading what the server sends (the SSH window then stops the server's writes).
        func stopReading() async throws {
            guard let channel else { return }
            try await channel.setOption(ChannelOptions.autoRead, value: false).get()
        }

        /// Bytes of `chunk` written until the channel will take no more (the server's window is
        /// shut) or `limit` bytes went; how many went.
        func typeUntilRefused(_ chunk: [UInt8], limit: Int) async throws -> Int {
            guard let channel else { return 0 }
            var sent = 0
            var stalls = 0
            while sent < limit, stalls < 100 {
                let writable = try await HostileSSH.onLoop { channel.isWritable && channel.isActive }
                if writable {
                    stalls = 0
                    send(chunk)
                    sent += chunk.count
                } else {
                    stalls += 1
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            return sent
        }

        func shows(_ text: String) -> Bool { output.firstRange(of: Array(text.utf8)) != nil }
        var errorText: String { String(decoding: errors, as: UTF8.self) }
    }

    final class AcceptAnyHostKey: NIOSSHClientServerAuthenticationDelegate {
        func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
            validationCompletePromise.succeed(())
        }
    }
}

/// A plain TCP connection, for what comes before SSH: garbage, and nothing at all.
final class RawConnection {
    let descriptor: Int32

    init(port: Int, from source: String = "127.0.0.1") throws {
        #if os(Linux)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw EndToEndError("no socket: \(errno)") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            close(descriptor)
            throw EndToEndError("cannot connect from \(source) to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Makes its close a reset, as a killed client's or a dropped link's is.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Writes `bytes`; false once the server has closed the connection.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// What the server sent within `milliseconds`, and whether it closed the connection.
    func read(waiting milliseconds: Int32) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, milliseconds) > 0 else { return (received, false) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (received, true) }
            received += buffer[..<count]
        }
    }

    /// Whether the server has closed the connection, waiting up to `milliseconds` for it to.
    func isClosed(waiting milliseconds: Int32) -> Bool { read(waiting: milliseconds).closed }
}
