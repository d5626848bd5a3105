import ArgumentParser
import NIOCore
import NIOPosix
import NIOSSH

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet-server` (`wallet serve` starts it): the workshop over SSH. Each attendee who connects
/// gets their own `wallet` on a pseudo-terminal at their own size (docs/serving.md). This first
/// slice serves the wallet to whoever may reach the address: loopback by default; another address
/// only with `--open`, which says so. Passphrases, authorized keys, the presenter, followers, the
/// launcher and the limits are issue 19's next steps.
@main
struct WalletServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet serve",
        abstract: "Serve the wallet over SSH: every attendee who connects with ssh gets their own, at their terminal's size.",
        discussion: """
            Attendees type ssh -p PORT HOST. Each session is a wallet process of its own on a \
            pseudo-terminal: keys, resizing and NO_COLOR work as in a local terminal, and a session \
            that ends, however, ends alone. Commands (ssh HOST ls), sftp and forwarding are refused. \
            The host key is made on first start and kept; its fingerprint is printed, for attendees \
            to compare with what ssh shows them.
            """
    )

    @Option(help: ArgumentHelp("The address to listen on; one other than loopback needs --open.", valueName: "address"))
    var listen = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
    var port = 2222

    @Flag(help: "Let anyone who reaches the address join, without a password or key (said at start).")
    var open = false

    @Option(name: .customLong("host-key"), help: ArgumentHelp(
        "Where the host key is kept (made there on first start, mode 0600); by default in $XDG_STATE_HOME/wallet.", valueName: "file"))
    var hostKey: String?

    func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port \(port): a port is from 1 to 65535") }
        if !Self.isLoopback(listen), !open {
            throw ValidationError("--listen \(listen) lets others than this machine's users reach the server: say who may join with --open "
                + "(anyone who reaches the port); passphrases and authorized keys are not served yet")
        }
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "localhost" || address == "::1" || address.hasPrefix("127.")
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        let key: HostKey
        do {
            key = try HostKey.load(at: hostKey ?? HostKey.defaultPath())
        } catch {
            throw ValidationError(error.description)
        }
        let app = AppLauncher(executable: Self.walletBesideThisServer(), arguments: [])
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let sshKey = key.sshKey
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socket(SocketOptionLevel(SOL_SOCKET), SO_REUSEADDR), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSHHandler(
                        role: .server(.init(hostKeys: [sshKey], userAuthDelegate: OpenAuthentication())),
                        allocator: channel.allocator,
                        inboundChildChannelInitializer: { child, type in
                            // Sessions only: no forwarded connections.
                            guard case .session = type else { return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported) }
                            return child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(SessionHandler(app: app)) }
                        }))
                }
            }
        let server: Channel
        do {
            server = try bootstrap.bind(host: listen, port: port).wait()
        } catch {
            throw ValidationError("cannot listen on \(listen):\(port): \(error)")
        }
        let who = Self.isLoopback(listen) ? "anyone on this machine" : "anyone who reaches \(listen):\(port) (--open)"
        // Written at once, not buffered: a script or a test waits for these lines.
        let lines = Array("""
            wallet serve: listening on \(listen):\(port); \(who) may join.
            Attendees type: ssh -p \(port) \(Self.isLoopback(listen) ? "localhost" : listen)
            Host key \(key.path): ED25519 \(key.fingerprint)

            """.utf8)
        _ = lines.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        try server.closeFuture.wait()
    }

    /// The `wallet` executable in this server's folder.
    static func walletBesideThisServer() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        let me = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return "wallet" }
        return String(me[...slash]) + "wallet"
    }
}

/// `--open` (and loopback): whoever connects joins, by any method the client tries first.
final class OpenAuthentication: NIOSSHServerUserAuthenticationDelegate {
    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { [.publicKey, .password] }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        responsePromise.succeed(.success)
    }
}
