// serve-load: `wallet serve` under load, as its users reach it, through a real SSH client
// (apple/swift-nio-ssh), on loopback only, bounded in sessions and in time.
//
//   swift run -c release serve-load SERVER [attendees|followers|flood|hostile] [COUNT]
//
// It starts SERVER (a wallet-server, `wallet` beside it) on 127.0.0.1 and a free port with a
// state folder of its own, then:
// - attendees COUNT (200): COUNT sessions, started 20 ms apart, each picking the wallet in its
//   menu and running the Send story (n, Down, Down, Enter, 12.34, Enter) at 2 keys a second;
//   prints key → first output byte at the client (p50, p90, p99, max), how many ended with the
//   transfer in their ledger, and the server's total PSS (its own and every session's process)
//   once all sessions show their wallet.
// - followers COUNT (200): the presenter (a key made for the run) and COUNT followers; the
//   presenter runs the Send story; prints presenter key → each follower's first byte.
// - flood COUNT (1000): the server with a passphrase; COUNT connections from 127.0.0.2 offering
//   a wrong one, within a minute, while a good client (from 127.0.0.1) joins every 2 seconds;
//   prints how many were refused and the good client's connect → first frame times.
// - hostile: issue 31's defects, each as a figure, with the server's own defaults (so that an
//   older server is measured the same way): garbage after the banner, bare connections, a
//   guesser, a client typing without reading, sessions on one connection, 100 apps killed.
// Figures, never assertions: issue 19's and 31's closing notes and docs/serving.md have them.

import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSH

final class AcceptHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) { validationCompletePromise.succeed(()) }
}

final class Credentials: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
    // Used on the event loop only, by NIOSSH.
    let username: String, password: String?, key: NIOSSHPrivateKey?
    /// A guesser's passwords, offered in turn (the hostile mode).
    let passwords: [String]
    private var offered = false
    /// Passwords a guesser offered.
    var tried = 0
    init(username: String, password: String? = nil, key: NIOSSHPrivateKey? = nil, passwords: [String] = []) {
        self.username = username
        self.password = password
        self.key = key
        self.passwords = passwords
    }
    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        if !passwords.isEmpty {
            guard tried < passwords.count else { return nextChallengePromise.succeed(nil) }
            tried += 1
            return nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .password(.init(password: passwords[tried - 1]))))
        }
        guard !offered else { return nextChallengePromise.succeed(nil) }
        offered = true
        if let key, availableMethods.contains(.publicKey) {
            return nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .privateKey(.init(privateKey: key))))
        }
        nextChallengePromise.succeed(.init(username: username, serviceName: "", offer: .password(.init(password: password ?? "any"))))
    }
}

/// One SSH session: a terminal of 80x24, a shell, what arrives kept, and the time from each key
/// sent to the first bytes that follow it.
final class Session: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    var transcript: [UInt8] = []
    var sentAt: NIODeadline?
    var latencies: [Double] = []
    var firstOutput: NIODeadline?
    var onOutput: (Session) -> Void = { _ in }
    var channel: Channel?
    var ended = false

    func handlerAdded(context: ChannelHandlerContext) {
        channel = context.channel
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func channelActive(context: ChannelHandlerContext) {
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: "xterm-256color", terminalCharacterWidth: 80, terminalRowHeight: 24,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: .init([:])), promise: nil)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: true), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .byteBuffer(let bytes) = unwrapInboundIn(data).data else { return }
        let now = NIODeadline.now()
        if firstOutput == nil { firstOutput = now }
        if let sentAt {
            latencies.append(Double((now - sentAt).nanoseconds) / 1e6)
            self.sentAt = nil
        }
        transcript += bytes.readableBytesView
        if transcript.count > 1 << 20 { transcript.removeFirst(transcript.count - (1 << 19)) }
        onOutput(self)
    }

    func channelInactive(context: ChannelHandlerContext) { ended = true }

    func send(_ text: String, timed: Bool = true) {
        guard let channel else { return }
        if timed { sentAt = .now() }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)), promise: nil)
    }

    func shows(_ text: String) -> Bool { transcript.firstRange(of: Array(text.utf8)) != nil }
}

/// Ends the connection on an error, and notes when authentication succeeded (the server answered).
final class Watcher: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any
    var authenticated: NIODeadline?
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is UserAuthSuccessEvent { authenticated = .now() }
        context.fireUserInboundEventTriggered(event)
    }
    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

/// Everything runs here, off the main actor: the event loop's thread calls back into the
/// closures below.
@main
enum ServeLoad {
    nonisolated static func main() throws {
        // MARK: The command line

        let arguments = CommandLine.arguments.dropFirst()
        let usage = "usage: serve-load SERVER [attendees|followers|flood|poll|hostile] [COUNT]\n"
        guard let serverPath = arguments.first, !serverPath.hasPrefix("-") else {
            FileHandle.standardError.write(usage.data(using: .utf8)!)
            exit(arguments.first == "--help" || arguments.first == "-h" ? 0 : 64)
        }
        // A server that is not there is a message, not a trap.
        guard FileManager.default.isExecutableFile(atPath: serverPath) else {
            FileHandle.standardError.write("serve-load: no executable wallet-server at \(serverPath)\n\(usage)".data(using: .utf8)!)
            exit(66)
        }
        let mode = arguments.dropFirst().first ?? "attendees"
        guard ["attendees", "followers", "flood", "poll", "hostile"].contains(mode) else {
            FileHandle.standardError.write("serve-load: no mode \"\(mode)\"\n\(usage)".data(using: .utf8)!)
            exit(64)
        }
        let count = min(mode == "flood" ? 2_000 : 500, max(1, Int(arguments.dropFirst(2).first ?? "") ?? (mode == "flood" ? 1_000 : 200)))
        /// The whole run ends by then, whatever happens.
        let runLimit: TimeAmount = .seconds(240)

        // MARK: The server

        let state = FileManager.default.temporaryDirectory.appendingPathComponent("serve-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let presenterKey = Curve25519.Signing.PrivateKey()
        let presenterPublic = NIOSSHPrivateKey(ed25519Key: presenterKey).publicKey
        try (String(openSSHPublicKey: presenterPublic) + " presenter\n").write(to: state.appendingPathComponent("presenter.pub"), atomically: true, encoding: .utf8)

        let port = Int.random(in: 30_000..<60_000)
        var serverArguments = ["--port", "\(port)", "--max-sessions", "\(count + 10)", "--connections-per-minute", "\(count * 3)",
                               "--presenter-key", state.appendingPathComponent("presenter.pub").path]
        let passphrase = "unwind segue"
        if mode == "flood" { serverArguments += ["--passphrase", passphrase, "--connections-per-minute", "\(count * 4)"] }
        if mode == "hostile" { serverArguments += ["--passphrase", passphrase] }
        let results = state.appendingPathComponent("results.jsonl")
        if mode == "poll" { serverArguments += ["--results", results.path] }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: serverPath)
        server.arguments = serverArguments
        server.environment = ["XDG_STATE_HOME": state.path, "HOME": state.path, "PATH": "/usr/bin:/bin"]
        // Its start-up lines, to know when it listens (a fixed wait lost a run now and then on a
        // busy machine: 0 of 200 joined); what it logs, dropped.
        let startup = Pipe()
        server.standardOutput = startup
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }
        // Interrupted (Ctrl-C, a timeout's SIGTERM) or past the run's limit: the server and its
        // sessions go with the driver, never left running.
        let serverPID = server.processIdentifier
        // Kept for the run: a signal source that is released stops.
        let signalSources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                kill(serverPID, SIGKILL)
                exit(130)
            }
            source.resume()
            return source
        }
        defer { signalSources.forEach { $0.cancel() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(runLimit.nanoseconds / 1_000_000_000) + 30)) {
            kill(serverPID, SIGKILL)
            exit(2)
        }
        // Listening once it prints its host key's line, its last at start; gone if it could not.
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("Host key") {
            let more = startup.fileHandleForReading.availableData
            guard !more.isEmpty else {
                FileHandle.standardError.write(Data("serve-load: the server did not start: \(String(decoding: printed, as: UTF8.self))\n".utf8))
                exit(1)
            }
            printed += more
        }

        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()

        /// Connects as `credentials`, from `source` when given, and opens a session.
        func connect(_ credentials: Credentials, from source: String? = nil, watcher: Watcher = Watcher()) -> EventLoopFuture<Session> {
            var bootstrap = ClientBootstrap(group: loop)
                .channelOption(ChannelOptions.socket(IPPROTO_TCP, TCP_NODELAY), value: 1)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSHHandler(
                            role: .client(.init(userAuthDelegate: credentials, serverAuthDelegate: AcceptHostKey())),
                            allocator: channel.allocator, inboundChildChannelInitializer: nil))
                        try channel.pipeline.syncOperations.addHandler(watcher)
                    }
                }
            if let source { bootstrap = bootstrap.bind(to: try! SocketAddress(ipAddress: source, port: 0)) }
            return bootstrap.connect(host: "127.0.0.1", port: port).flatMap { channel in
                channel.pipeline.handler(type: NIOSSHHandler.self).flatMap { ssh in
                    let session = Session()
                    let promise = channel.eventLoop.makePromise(of: Channel.self)
                    ssh.createChannel(promise) { child, _ in
                        child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(session) }
                    }
                    return promise.futureResult.map { _ in session }
                }
            }
        }

        /// The Send story's keys, after the wallet shows; Down as a terminal in keypad mode sends it.
        let story = ["n", "\u{1B}OB", "\u{1B}OB", "\r", "1", "2", ".", "3", "4", "\r"]

        func percentiles(_ values: [Double]) -> String {
            guard !values.isEmpty else { return "no samples" }
            let sorted = values.sorted()
            func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
            return String(format: "n=%d p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms", sorted.count, at(0.5), at(0.9), at(0.99), sorted.last!)
        }

        /// The server's and its descendants' proportional set size, in KiB.
        func totalPSS(of root: pid_t) -> (kib: Int, processes: Int) {
            var children: [pid_t: [pid_t]] = [:]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
            }
            var total = 0, processes = 0
            var queue = [root]
            while let pid = queue.popLast() {
                queue += children[pid] ?? []
                processes += 1
                let rollup = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
                if let line = rollup.split(separator: "\n").first(where: { $0.hasPrefix("Pss:") }) {
                    total += Int(line.split(separator: " ")[1]) ?? 0
                }
            }
            return (total, processes)
        }

        let deadline = NIODeadline.now() + runLimit
        func waitUntil(_ condition: () -> Bool) {
            while !condition(), NIODeadline.now() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T { try! loop.submit(body).wait() }

        switch mode {
        case "attendees":
            var joined: [Session] = []
            for index in 0..<count {
                if let session = try? connect(Credentials(username: "attendee\(index)")).wait() { joined.append(session) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            let sessions = joined
            waitUntil { onLoop { sessions.allSatisfy { $0.shows("segue catalog") } } }
            onLoop { for session in sessions { session.latencies = []; session.send("\r", timed: false) } }
            waitUntil { onLoop { sessions.allSatisfy { $0.shows("Saldo") } } }
            let memory = totalPSS(of: server.processIdentifier)
            for key in story {
                // Spread over the half second, as attendees do not type in step.
                for (index, session) in sessions.enumerated() {
                    loop.scheduleTask(in: .milliseconds(Int64(index * 500 / max(1, sessions.count)))) { session.send(key) }
                }
                Thread.sleep(forTimeInterval: 0.5)
            }
            Thread.sleep(forTimeInterval: 4)
            let done = onLoop { sessions.filter { $0.shows("-€ 12.34") }.count }
            if let path = ProcessInfo.processInfo.environment["SERVE_LOAD_TRANSCRIPT"], let first = sessions.first {
                try? Data(onLoop { first.transcript }).write(to: URL(fileURLWithPath: path))
            }
            let latencies = onLoop { sessions.flatMap(\.latencies) }
            print("attendees: \(sessions.count) of \(count) joined; \(done) ended with the transfer in their ledger")
            print("key → first byte at the client: \(percentiles(latencies))")
            print("memory once every wallet showed: \(memory.kib / 1024) MiB PSS in \(memory.processes) processes "
                + "(\(memory.kib / max(1, sessions.count)) KiB a session, the server's share included)")
        case "followers":
            let presenter = try connect(Credentials(username: "presenter", key: NIOSSHPrivateKey(ed25519Key: presenterKey))).wait()
            waitUntil { onLoop { presenter.shows("segue catalog") } }
            onLoop { presenter.send("\r", timed: false) }
            waitUntil { onLoop { presenter.shows("Saldo") } }
            var joined: [Session] = []
            for _ in 0..<count {
                if let follower = try? connect(Credentials(username: "watch")).wait() { joined.append(follower) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            let followers = joined
            waitUntil { onLoop { followers.allSatisfy { $0.shows("Saldo") } } }
            let memory = totalPSS(of: server.processIdentifier)
            var latencies: [Double] = []
            for key in story {
                let sent = onLoop { () -> NIODeadline in
                    for follower in followers { follower.firstOutput = nil }
                    presenter.send(key)
                    return NIODeadline.now()
                }
                Thread.sleep(forTimeInterval: 0.5)
                let step = onLoop { followers.compactMap { $0.firstOutput.map { Double(($0 - sent).nanoseconds) / 1e6 } } }
                print("  key \(key.debugDescription): \(percentiles(step))")
                latencies += step
            }
            Thread.sleep(forTimeInterval: 4)
            let done = onLoop { followers.filter { $0.shows("12.34") }.count }
            if let path = ProcessInfo.processInfo.environment["SERVE_LOAD_TRANSCRIPT"] {
                try? Data(onLoop { presenter.transcript }).write(to: URL(fileURLWithPath: path))
                try? Data(onLoop { followers.first?.transcript ?? [] }).write(to: URL(fileURLWithPath: path + ".follower"))
            }
            print("followers: \(followers.count) of \(count) joined; \(done) saw the presenter's transfer")
            print("presenter key → each follower's first byte: \(percentiles(latencies))")
            print("memory once every follower showed the wallet: \(memory.kib / 1024) MiB PSS in \(memory.processes) processes")
        case "flood":
            /// Connections that ended (the server refused them), set on the event loop.
            var watchers: [Watcher] = []
            var good: [Double] = [], answered: [Double] = []
            let start = NIODeadline.now()
            for index in 0..<count {
                let watcher = Watcher()
                watchers.append(watcher)
                _ = connect(Credentials(username: "attendee", password: "wrong"), from: "127.0.0.2", watcher: watcher)
                if index % (count / 30 + 1) == 0 {
                    let began = NIODeadline.now()
                    let goodWatcher = Watcher()
                    if let session = try? connect(Credentials(username: "attendee", password: passphrase), watcher: goodWatcher).wait() {
                        waitUntil { onLoop { session.shows("segue catalog") } }
                        good.append(Double((NIODeadline.now() - began).nanoseconds) / 1e6)
                        if let when = onLoop({ goodWatcher.authenticated }) { answered.append(Double((when - began).nanoseconds) / 1e6) }
                        onLoop { session.channel?.parent?.close(promise: nil) }
                    }
                }
                // Within the minute the goal names.
                Thread.sleep(forTimeInterval: 50.0 / Double(count))
            }
            Thread.sleep(forTimeInterval: 3)
            let seconds = Double((NIODeadline.now() - start).nanoseconds) / 1e9
            let all = watchers
            let admitted = onLoop { all.filter { $0.authenticated != nil }.count }
            print("flood: \(count) connections offering a wrong passphrase in \(String(format: "%.0f", seconds)) s: "
                + "\(count - admitted) refused, \(admitted) let in")
            print("a good client's connect → authenticated meanwhile: \(percentiles(answered))")
            print("a good client's connect → menu drawn meanwhile: \(percentiles(good))")
        case "poll":
            // Issue 35: the presenter puts a paused unwind's question to COUNT attendees, who
            // answer within the same second; the time from the last answer sent to the tally's
            // count of COUNT reaching the presenter's terminal, over rounds; and whether each
            // answer was counted once (the results file's reveal line).
            let rounds = 20
            let presenter = try connect(Credentials(username: "presenter", key: NIOSSHPrivateKey(ed25519Key: presenterKey))).wait()
            waitUntil { onLoop { presenter.shows("segue catalog") } }
            onLoop { presenter.send("\r", timed: false) }
            waitUntil { onLoop { presenter.shows("Saldo") } }
            var joined: [Session] = []
            for index in 0..<count {
                if let session = try? connect(Credentials(username: "attendee\(index)")).wait() { joined.append(session) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            let attendees = joined
            waitUntil { onLoop { attendees.allSatisfy { $0.shows("segue catalog") } } }
            let memory = totalPSS(of: server.processIdentifier)
            /// The bytes that arrived since `mark` show `text`.
            @Sendable func shows(_ session: Session, _ text: String, since mark: Int) -> Bool {
                session.transcript.count > mark && session.transcript[mark...].firstRange(of: Array(text.utf8)) != nil
            }
            var latencies: [Double] = []
            for round in 0..<rounds {
                // Stepping (F3, once), New Transfer run to its end, Cancel, its should-perform: paused before the search.
                let keys = (round == 0 ? ["\u{1B}OR"] : []) + ["n", "\r", "\u{1B}", " "]
                for key in keys {
                    onLoop { presenter.send(key, timed: false) }
                    Thread.sleep(forTimeInterval: 0.4)
                }
                let marks = onLoop { attendees.map(\.transcript.count) }
                onLoop { presenter.send("\u{1B}[18~", timed: false) }
                waitUntil { onLoop { zip(attendees, marks).allSatisfy { shows($0, "A question", since: $1) } } }
                // Each answers b within the same second; the last one's time is noted.
                let presenterMark = onLoop { presenter.transcript.count }
                let needle = Array("\(attendees.count)".utf8)
                nonisolated(unsafe) var arrived: NIODeadline?
                nonisolated(unsafe) var lastSent: NIODeadline?
                onLoop {
                    presenter.onOutput = { session in
                        if arrived == nil, lastSent != nil, session.transcript[presenterMark...].firstRange(of: needle) != nil { arrived = .now() }
                    }
                    for (index, attendee) in attendees.enumerated() {
                        loop.scheduleTask(in: .milliseconds(Int64(index * 1000 / max(1, attendees.count)))) {
                            attendee.send("b", timed: false)
                            if index == attendees.count - 1 { lastSent = .now() }
                        }
                    }
                }
                waitUntil { onLoop { arrived != nil } }
                if let tally = onLoop({ arrived.flatMap { arrived in lastSent.map { Double((arrived - $0).nanoseconds) / 1e6 } } }) {
                    latencies.append(tally)
                }
                onLoop { presenter.onOutput = { _ in } }
                // Taken back (Esc, while paused), then the unwind runs to its end.
                for key in ["\u{1B}", "\r"] {
                    onLoop { presenter.send(key, timed: false) }
                    Thread.sleep(forTimeInterval: 0.4)
                }
            }
            let lines = (try? String(contentsOf: results, encoding: .utf8))?.split(separator: "\n") ?? []
            let closes = lines.filter { $0.contains(#""event":"taken back""#) || $0.contains(#""event":"reveal""#) }
            let exact = closes.filter { $0.contains("\"answered\":\(attendees.count),") }.count
            let answers = lines.filter { $0.contains(#""event":"answer""#) }.count
            print("poll: \(attendees.count) of \(count) attendees joined; \(rounds) questions, each answered by all within one second")
            print("last answer sent → the presenter's tally shows \(attendees.count): \(percentiles(latencies))")
            print("counted exactly once: \(exact) of \(closes.count) questions closed with \(attendees.count) answered; "
                + "\(answers) answer lines for \(rounds * attendees.count) answers sent")
            print("memory with every attendee in the menu: \(memory.kib / 1024) MiB PSS in \(memory.processes) processes")
        case "hostile":
            hostile(serverPID: serverPID, port: port, passphrase: passphrase, loop: loop, connect: { connect($0, from: $1, watcher: $2) },
                    waitUntil: waitUntil)
        default:
            print("unknown mode \(mode): attendees, followers, flood, poll or hostile")
        }
        try? group.syncShutdownGracefully()
    }
}
