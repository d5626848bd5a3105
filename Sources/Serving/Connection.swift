import Logging
import NIOCore
import NIOSSH

/// One TCP connection, from its arrival to its close: how its login goes (`Admission`'s answer
/// to each request, counted against `--max-auth-tries`), the role of the user let in, which its
/// sessions take, and how many sessions it has open. What fails is told to the room's `Gate`,
/// which penalises the address; a login is told too, so that it is never counted against anyone.
final class Connection: NIOSSHServerUserAuthenticationDelegate {
    // Touched on the connection's event loop only: NIOSSH calls the delegate there, and what
    // runs later comes back through `NIOLoopBound`.
    private let admission: Admission
    private let maxAuthTries: Int
    let room: Room
    let channel: Channel
    let address: String
    let arrivedAt: Double
    private(set) var role: Admission.Role?
    private(set) var user = ""
    private var failures = 0
    /// What ended it before login, once something did (for the log and the penalty).
    private var offense: Gate.Offense?
    /// Its sessions open now, each told why when the connection must close under them.
    var sessions: [ObjectIdentifier: SessionHandler] = [:]
    var openSessions: Int { sessions.count }

    init(admission: Admission, maxAuthTries: Int, room: Room, channel: Channel, address: String, arrivedAt: Double) {
        self.admission = admission
        self.maxAuthTries = maxAuthTries
        self.room = room
        self.channel = channel
        self.address = address
        self.arrivedAt = arrivedAt
    }

    var isLoggedIn: Bool { role != nil }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { admission.methods }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        guard role == nil, channel.isActive else { return responsePromise.succeed(.failure) }
        user = String(request.username.prefix(64))
        if admission.admits(request) {
            role = Admission.Role(username: request.username)
            room.loggedIn(self)
            return responsePromise.succeed(.success)
        }
        responsePromise.succeed(.failure)
        // "none" is how a client asks which methods there are: no guess, as sshd counts it.
        if case .none = request.request { return }
        failures += 1
        room.penalise(address, for: .authenticationFailure)
        room.log.info("login failed", metadata: ["address": "\(address)", "user": "\(user)", "tries": "\(failures)"])
        if failures >= maxAuthTries {
            fail(.authenticationFailure, "\(failures) failed logins on one connection (--max-auth-tries \(maxAuthTries))")
        }
    }

    /// Ends a connection that has not logged in, for `offense`, saying `why` in the log.
    func fail(_ offense: Gate.Offense, _ why: String) {
        guard self.offense == nil, role == nil else { return }
        self.offense = offense
        if offense != .authenticationFailure { room.penalise(address, for: offense) }
        room.log.notice("closed before login", metadata: ["address": "\(address)", "user": "\(user)", "reason": "\(why)"])
        channel.close(promise: nil)
    }

    /// The connection closed: if it never logged in, it leaves the startups, and an address that
    /// connects and goes without trying (a scanner) pays the least penalty.
    func closed() {
        guard role == nil else { return }
        room.closedBeforeLogin()
        if offense == nil, failures == 0 { room.penalise(address, for: .noAuthentication) }
    }
}

/// The first handler of a connection, before NIOSSH's: what a connection may do before it logs
/// in. It has `--login-grace-time` to log in, and at most `budget` bytes to do it with (an
/// OpenSSH login takes a few kilobytes); past either, it is closed and its address penalised.
final class LoginGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let connection: Connection
    private let grace: TimeAmount
    private let budget: Int
    private var received = 0
    private var graceTimer: Scheduled<Void>?

    init(connection: Connection, grace: TimeAmount, budget: Int) {
        self.connection = connection
        self.grace = grace
        self.budget = budget
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let connection = NIOLoopBound(connection, eventLoop: context.eventLoop), grace = grace
        graceTimer = context.eventLoop.scheduleTask(in: grace) {
            guard !connection.value.isLoggedIn else { return }
            connection.value.fail(.loginGraceExceeded, "not logged in within \(grace.nanoseconds / 1_000_000_000) seconds (--login-grace-time)")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        graceTimer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !connection.isLoggedIn {
            received += unwrapInboundIn(data).readableBytes
            if received > budget {
                return connection.fail(.protocolError, "more than \(budget / 1024) KiB before logging in")
            }
        } else if graceTimer != nil {
            graceTimer?.cancel()
            graceTimer = nil
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        graceTimer?.cancel()
        connection.closed()
        context.fireChannelInactive()
    }
}

/// The last handler of a connection, after NIOSSH's: any error NIOSSH reports (bytes that are
/// not SSH, a packet too large, a message out of turn) closes the connection as a protocol
/// error; one of the network's (a reset) closes it as a client that left. NIOSSH reports
/// and reads on; left open, a connection sending garbage grew the server by what it sent.
final class ProtocolErrorCloser: ChannelInboundHandler {
    typealias InboundIn = Any
    private let connection: Connection

    init(connection: Connection) { self.connection = connection }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A reset or broken connection is the network's (a laptop closed mid-login), not a client
        // speaking something other than SSH: it closes, and costs no more than leaving does.
        guard error is NIOSSHError else { return context.close(promise: nil) }
        if connection.isLoggedIn {
            connection.room.log.notice("closed on a protocol error", metadata: ["address": "\(connection.address)", "user": "\(connection.user)",
                                                                            "reason": "\(error)"])
            // NIOSSH reads no channel request it does not know that carries data (x11-req, which
            // ssh -X sends, and break), and cannot go on after one: the session says so, then ends.
            let said = connection.sessions.values.map {
                $0.say("your ssh sent what this server cannot read (X11 forwarding? connect with ssh -x, or ForwardX11 no); the session ended")
            }
            let channel = context.channel
            EventLoopFuture.andAllComplete(said, on: context.eventLoop).whenComplete { _ in channel.close(promise: nil) }
        } else {
            connection.fail(.protocolError, "protocol error: \(String(describing: error).prefix(200))")
        }
    }
}
