import Foundation
import NIOSSH
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet serve` on a conference network, as an attacker reaches it (issue 31): garbage before
/// and after the banner, logins held at every step, guessing, typing without reading, many
/// sessions on one connection, every channel request with a reply wanted, processes killed by
/// the hundred. Each test is named after the defect it pins down. After each, the server's
/// memory stays within a bound stated in bytes, what must close closes, and a good client still
/// gets the menu. The server's memory and threads are read from /proc (Linux).
@Suite("wallet serve against a hostile client", .serialized)
struct HostileClientTests {
    typealias Server = ServeTests.Server

    /// A good attendee, with OpenSSH's own client, still gets the menu.
    static func goodClientGetsTheMenu(_ server: Server) async throws {
        let ssh = try await server.session()
        defer { ssh.kill() }
        _ = try await ssh.waitFor(text: "The segue catalog")
    }

    /// An attendee through the hostile client, from `source`, in their menu.
    static func attendeeInTheMenu(_ server: Server, from source: String? = nil, passwords: [String] = ["any"], columns: Int = 80,
                                  rows: Int = 24) async throws -> (HostileSSH.Connection, HostileSSH.Session) {
        let connection = try await HostileSSH.connect(port: server.port, from: source, passwords: passwords)
        let session = try #require(try await connection.openSession())
        try await session.startShell(columns: columns, rows: rows)
        try await HostileSSH.until("the menu") { session.shows("segue catalog") }
        return (connection, session)
    }

    static func resident(_ server: Server) -> Int { Platform.status(server.pid, "VmRSS") ?? 0 }

    /// Polls what the test can see of the server (its processes, its log) until `condition` holds.
    static func eventually(_ what: String, limit: Duration = .seconds(30), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { throw EndToEndError("waited \(limit) for \(what)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    static func garbage(_ count: Int, _ generator: inout SplitMix) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    // MARK: 1

    @Test("Bytes before login exhaust memory: garbage after the banner, 200 KB from each of 100 connections, or a 300 KB password: each connection is closed, and the server grows by less than 32 MiB")
    func bytesBeforeLoginExhaustMemory() async throws {
        let server = try await Server(["--per-source-penalties", "no"], lowPriority: true)
        defer { server.stop() }
        let before = Self.resident(server)
        var generator = SplitMix(seed: 31)
        // One connection: the banner, then garbage until the server closes it. Loopback's socket
        // buffers hold a few MiB the server never reads; 64 MiB sent would mean it read on.
        let raw = try RawConnection(port: server.port)
        #expect(raw.write(Array("SSH-2.0-hostile\r\n".utf8)))
        var sent = 0
        let chunk = Self.garbage(65_536, &generator)
        while sent < 64 << 20, raw.write(chunk) { sent += chunk.count }
        #expect(sent < 16 << 20, "\(sent) bytes of garbage were taken")
        // A hundred connections with 200 KB each, before and after the banner.
        let many = try (0..<100).map { index in
            let connection = try RawConnection(port: server.port, from: "127.0.9.\(index + 1)")
            if index.isMultiple(of: 2) { _ = connection.write(Array("SSH-2.0-x\r\n".utf8)) }
            _ = connection.write(Self.garbage(200_000, &generator))
            return connection
        }
        for connection in many { #expect(connection.isClosed(waiting: 10_000)) }
        // A password of 300 KB, which no login needs, is not waited for.
        let long = try await HostileSSH.connect(port: server.port, passwords: [String(repeating: "x", count: 300_000)])
        try await HostileSSH.until("the long password's connection closed") { long.closed }
        #expect(try await HostileSSH.onLoop { !long.loggedIn })
        #expect(Self.resident(server) - before < 32 * 1024, "from \(before) KiB to \(Self.resident(server)) KiB")
        try await Self.goodClientGetsTheMenu(server)
        #expect(server.printed.contains("reason=\"protocol error"), "\(server.printed)")
    }

    // MARK: 2

    @Test("No limit on connections that have not logged in, and no time limit to log in: past --max-startups they are refused at once, each is closed when its --login-grace-time runs out, and a good client gets in after")
    func loginsHaveALimitAndATime() async throws {
        let server = try await Server(["--max-startups", "10:30:20", "--login-grace-time", "3", "--per-source-penalties", "no"], lowPriority: true)
        defer { server.stop() }
        // Bare TCP connections, connections that sent only their banner, and logins stalled
        // after the key exchange, each from an address of its own.
        var raw: [RawConnection] = []
        for index in 0..<30 {
            let connection = try RawConnection(port: server.port, from: "127.0.8.\(index + 1)")
            if index.isMultiple(of: 2) { _ = connection.write(Array("SSH-2.0-idle\r\n".utf8)) }
            raw.append(connection)
        }
        let refusedAtOnce = raw.filter { $0.isClosed(waiting: 300) }.count
        // 20 at most are let in (full); of the 10 past start, some are dropped early at random.
        #expect(refusedAtOnce >= 10, "\(refusedAtOnce) of 30 refused")
        for connection in raw { #expect(connection.isClosed(waiting: 20_000), "a connection outlived the login grace time") }
        let stalled = try await HostileSSH.connect(port: server.port, from: "127.0.7.1", stall: true)
        try await HostileSSH.until("the stalled login closed", limit: .seconds(20)) { stalled.closed }
        try await Self.goodClientGetsTheMenu(server)
        #expect(server.printed.contains("login-grace-time"), "\(server.printed)")
    }

    @Test("A descriptor limit too low for --max-sessions is raised at start, and one that cannot be is refused with the numbers")
    func descriptorLimit() async throws {
        let server = try await Server(shell: "ulimit -Sn 1024", lowPriority: true)
        defer { server.stop() }
        let limits = try String(contentsOfFile: "/proc/\(server.pid)/limits", encoding: .utf8)
        let files = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let soft = try #require(files.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first.flatMap { Int($0) })
        // 250 followers (10 each, the most any role but the presenter's holds), the presenter (13),
        // 500 logins under way, a launch (9) and the server's own (32): SessionLayout's table.
        #expect(soft >= 250 * 10 + 13 + 500 + 9 + 32, "\(files)")
        let binary = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server").path
        let refused = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "ulimit -n 512; exec \"$0\" --port 2", binary])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("need 3054 open files") && refused.standardError.contains("at most 512"), "\(refused.standardError)")
    }

    // MARK: 3

    @Test("Typed input piles up in the server without limit: a client that stops reading and types is held to its SSH window, and the server grows by less than 32 MiB")
    func typedInputPilesUp() async throws {
        let server = try await Server(lowPriority: true)
        defer { server.stop() }
        let (connection, session) = try await Self.attendeeInTheMenu(server)
        session.send(Array("\r".utf8))
        try await HostileSSH.until("the wallet") { session.shows("Saldo") }
        let before = Self.resident(server)
        try await session.stopReading()
        let chunk = Array(String(repeating: "jk", count: 32_768).utf8)
        let typed = try await session.typeUntilRefused(chunk, limit: 256 << 20)
        // What the server took is bounded by its window to the client (a few MiB), not by what
        // the client had to send.
        #expect(typed < 32 << 20, "\(typed) bytes typed")
        #expect(Self.resident(server) - before < 32 * 1024, "from \(before) KiB to \(Self.resident(server)) KiB")
        await connection.close()
        try await Self.goodClientGetsTheMenu(server)
    }

    // MARK: 4

    @Test("A blocked thread per session: with 100 sessions the server keeps its few threads; their apps killed, their clients gone, their menus quit: no zombie, no full room, and SIGTERM's goodbye reaches every session")
    func blockedThreadPerSession() async throws {
        let count = 100
        let server = try await Server(["--max-sessions", "\(count)", "--connections-per-minute", "1000"], lowPriority: true)
        defer { server.stop() }
        func join(_ count: Int) async throws -> [(HostileSSH.Connection, HostileSSH.Session)] {
            var joined: [(HostileSSH.Connection, HostileSSH.Session)] = []
            for _ in 0..<count {
                let connection = try await HostileSSH.connect(port: server.port)
                let session = try #require(try await connection.openSession())
                try await session.startShell()
                joined.append((connection, session))
            }
            let sessions = joined.map(\.1)
            do {
                try await HostileSSH.until("every menu") { sessions.allSatisfy { $0.shows("segue catalog") } }
            } catch {
                let missing = try await HostileSSH.onLoop { sessions.filter { !$0.shows("segue catalog") }.map { "closed \($0.closed): \($0.errorText) \($0.output.count) bytes" } }
                throw EndToEndError("\(missing.count) of \(count) without a menu: \(missing.prefix(3)); the server said: \(server.printed.suffix(2_000))")
            }
            return joined
        }
        // Killed: every app, with SIGKILL.
        var sessions = try await join(count)
        let threads = Platform.status(server.pid, "Threads") ?? 0
        #expect(threads <= 6, "\(threads) threads for \(count) sessions")
        for app in server.sessions { kill(app, SIGKILL) }
        for (_, session) in sessions { try await HostileSSH.until("a killed session's end") { session.closed } }
        let killed = sessions.map(\.1)
        #expect(try await HostileSSH.onLoop { killed.allSatisfy { $0.exitSignal == "KILL" } })
        #expect(Platform.zombies(of: server.pid).isEmpty)
        // Gone: every client, mid-session.
        sessions = try await join(count)
        for (connection, _) in sessions { await connection.close() }
        try await Self.eventually("the apps of the clients that went ended") { server.sessions.isEmpty }
        #expect(Platform.zombies(of: server.pid).isEmpty)
        // Quit: every menu, with q, and q again when it asks.
        sessions = try await join(count)
        for (_, session) in sessions { session.send(Array("qq".utf8)) }
        for (_, session) in sessions { try await HostileSSH.until("a quit menu's end") { session.closed } }
        let quit = sessions.map(\.1)
        #expect(try await HostileSSH.onLoop { quit.allSatisfy { $0.exitStatus == 0 } })
        try await Self.eventually("the clients' apps reaped") { server.sessions.isEmpty }
        #expect(Platform.zombies(of: server.pid).isEmpty)
        // The room is not full: a whole room joins again, and SIGTERM says goodbye to each.
        sessions = try await join(count)
        kill(server.pid, SIGTERM)
        for (_, session) in sessions {
            try await HostileSSH.until("the goodbye") { session.closed }
            let said = try await HostileSSH.onLoop { "\(session.errorText) \(session.exitStatus.map(String.init) ?? "-") \(session.exitSignal ?? "-")" }
            #expect(said.contains("the workshop is over"), "\(said) \(server.printed.suffix(1000))")
        }
    }

    // MARK: 5

    @Test("Every session's app inherits the server's descriptors: an attendee's, the presenter's and a follower's apps hold their terminal and their own pipes, and no socket, terminal master or pipe of the server's or of another session")
    func sessionsAreSealed() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub"], lowPriority: true, prepare: Server.withPresenterKey)
        defer { server.stop() }
        let presenter = try await server.presenter()
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        let first = try await server.wallet()
        defer { first.kill() }
        let second = try await server.session()
        defer { second.kill() }
        _ = try await second.waitFor(text: "The segue catalog")
        // Larger than the presenter's, so that a line says whose screen it is.
        let follower = try await server.session("watch", width: 100, height: 30)
        defer { follower.kill() }
        _ = try await follower.waitFor(text: "Following the presenter")
        let serverDescriptors = Platform.descriptors(of: server.pid)
        let serverPipes = Set(serverDescriptors.values.filter { $0.hasPrefix("pipe:") })
        // Each session's processes: its first (the menu, or the follower) and what that runs.
        var owners: [String: Set<pid_t>] = [:]
        let sessions = server.sessions
        #expect(sessions.count == 4)
        for session in sessions {
            let processes = [session] + Platform.children(of: session)
            let arguments = (try? String(contentsOfFile: "/proc/\(session)/cmdline", encoding: .utf8)) ?? ""
            for process in processes {
                // The pipes it is given, by number: those its command line names (the
                // presenter's frames and counts, a follower's frames, the room's two, the menu's choice), and a
                // chosen app's standard error, which the server reads for the menu.
                let words = ((try? String(contentsOfFile: "/proc/\(process)/cmdline", encoding: .utf8)) ?? "").split(separator: "\0")
                var given = Set(zip(words, words.dropFirst()).filter { ["--frames-out", "--audience-in", "--frames-in", "--room-in", "--room-out", "--choice-out"].contains($0.0) }
                    .compactMap { Int32($0.1) })
                if words.count > 1, !["launch", "follow"].contains(words[1]) { given.insert(2) }
                let open = Platform.descriptors(of: process)
                let terminal = try #require(open[0])
                #expect(terminal.hasPrefix("/dev/pts/"), "\(process): 0 is \(terminal)")
                for (number, target) in open {
                    #expect(!target.hasPrefix("socket:"), "\(process) (\(arguments)) holds \(number) -> \(target)")
                    #expect(target != "/dev/ptmx" && !target.hasSuffix("/ptmx"), "\(process) (\(arguments)) holds a terminal master at \(number)")
                    if target.hasPrefix("/dev/pts/") { #expect(target == terminal, "\(process) holds another terminal, \(target)") }
                    if serverPipes.contains(target) {
                        #expect(given.contains(number), "\(process) (\(arguments)) shares \(number) -> \(target) with the server")
                    }
                    if target.hasPrefix("pipe:") || target.hasPrefix("/dev/pts/") { owners[target, default: []].insert(session) }
                }
            }
        }
        // No pipe or terminal is held by two sessions.
        for (target, holders) in owners { #expect(holders.count == 1, "\(target) is held by the sessions \(holders)") }
    }

    // MARK: 6

    @Test("A passphrase can be guessed fast: one connection gets --max-auth-tries guesses, and an address that keeps guessing is shut out while the room behind another address joins")
    func passphraseGuessing() async throws {
        let server = try await Server(["--passphrase", "unwind segue"], lowPriority: true)
        defer { server.stop() }
        let wrong = (0..<500).map { "guess \($0)" }
        let one = try await HostileSSH.connect(port: server.port, from: "127.0.6.1", passwords: wrong)
        try await HostileSSH.until("the guessing connection closed") { one.closed }
        let offered = try await HostileSSH.onLoop { one.credentials?.offered ?? 0 }
        #expect(offered <= 7, "\(offered) guesses on one connection")
        // Connections from one address, six guesses each, until the door shuts.
        var guesses = offered
        for _ in 0..<200 {
            let next = try await HostileSSH.connect(port: server.port, from: "127.0.6.1", passwords: wrong)
            let tried = try await HostileSSH.onLoop { next.credentials?.offered ?? 0 }
            if tried == 0 { break }
            guesses += tried
        }
        // authfail:2 against min:60: about 30 before the door shuts.
        #expect(guesses <= 40, "\(guesses) guesses from one address")
        // Shut, even to the right passphrase, from that address; open to everyone else.
        let shut = try await HostileSSH.connect(port: server.port, from: "127.0.6.1", passwords: ["unwind segue"])
        #expect(try await HostileSSH.onLoop { !shut.loggedIn })
        let other = try await HostileSSH.connect(port: server.port, from: "127.0.6.2", passwords: ["unwind segue"])
        #expect(try await HostileSSH.onLoop { other.loggedIn })
        #expect(server.printed.contains("too many failed logins from 127.0.6.1"), "\(server.printed)")
    }

    @Test("Connections reset before login (a laptop closed at the password prompt) cost their address no more than leaving does: the room behind it still joins")
    func resetsAreNotProtocolErrors() async throws {
        let server = try await Server(["--passphrase", "unwind segue"], lowPriority: true)
        defer { server.stop() }
        for _ in 0..<10 {
            let connection = try RawConnection(port: server.port, from: "127.0.6.9")
            _ = connection.write(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
            _ = connection.read(waiting: 200)
            // Closed at the end of each turn, with a reset.
            connection.resetOnClose()
        }
        let attendee = try await HostileSSH.connect(port: server.port, from: "127.0.6.9", passwords: ["unwind segue"])
        #expect(try await HostileSSH.onLoop { attendee.loggedIn }, "\(server.printed.suffix(1_000))")
        #expect(!server.printed.contains("reason=\"protocol error: read"), "\(server.printed.suffix(1_000))")
    }

    // MARK: 7

    @Test("One connection can fill the workshop: an attendee's connection opens one session at a time")
    func oneConnectionFillsTheWorkshop() async throws {
        let server = try await Server(lowPriority: true)
        defer { server.stop() }
        let connection = try await HostileSSH.connect(port: server.port)
        let first = try #require(try await connection.openSession())
        try await first.startShell()
        var more = 0
        for _ in 0..<20 where try await connection.openSession() != nil { more += 1 }
        #expect(more == 0, "\(more) more sessions on one connection")
        try await HostileSSH.until("the first session's menu") { first.shows("segue catalog") }
        #expect(server.sessions.count == 1)
        // Once it ends, the connection may open another.
        first.send(Array("qq".utf8))
        try await HostileSSH.until("the first session's end") { first.closed }
        try await Self.eventually("the first session's app gone") { server.sessions.isEmpty }
        let next = try await connection.openSession()
        #expect(next != nil)
    }

    // MARK: 8

    @Test("Some channel requests are never answered: each request with a reply wanted gets one, and what NIOSSH cannot read (ssh -X's x11-req) ends the session saying so, not in silence")
    func channelRequestsAreAnswered() async throws {
        let server = try await Server(lowPriority: true)
        defer { server.stop() }
        let connection = try await HostileSSH.connect(port: server.port)
        let session = try #require(try await connection.openSession())
        try await session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "NO_COLOR", value: "1"))
        try await session.request(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "/tmp/x.so"))
        try await session.request(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: "xterm", terminalCharacterWidth: 80, terminalRowHeight: 24, terminalPixelWidth: 0,
            terminalPixelHeight: 0, terminalModes: .init([:])))
        try await session.request(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await session.request(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        try await HostileSSH.until("four replies") { session.replies.count == 5 }
        #expect(try await HostileSSH.onLoop { session.replies } == [true, false, true, true, false])
        for request: Any & Sendable in [SSHChannelRequestEvent.ExecRequest(command: "ls", wantReply: true),
                                        SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true)] {
            let another = try await HostileSSH.connect(port: server.port)
            let refused = try #require(try await another.openSession())
            try await refused.request(request)
            try await HostileSSH.until("the refusal") { refused.replies == [false] && refused.closed }
        }
        // OpenSSH's ssh -X asks for X11 forwarding, which NIOSSH cannot read: told, not left hanging.
        // Without xauth (a fresh machine may lack it) ssh asks all the same, with made-up data.
        let ssh = try ProcessRunner.find("ssh")
        let result = try await ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["DISPLAY=:9", ssh.path, "-X", "-tt", "-o", "XAuthLocation=/nonexistent"]
            + Server.sshOptions + ["-p", "\(server.port)", "127.0.0.1"])
        #expect(result.status == 255)
        #expect(result.standardError.contains("ForwardX11 no"), "\(result.standardError)")
        try await Self.goodClientGetsTheMenu(server)
    }

    // MARK: 9

    @Test("The loopback check is a text prefix: a name that begins with 127. is not loopback, and needs --open, a passphrase or keys")
    func loopbackIsAnAddress() async throws {
        let binary = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        for name in ["127.0.0.1.example", "localhost.example", "0.0.0.0", "::"] {
            let result = try await ProcessRunner.run(binary, ["--listen", name, "--port", "2"])
            #expect(result.status == 64 && result.standardError.contains("--open"), "\(name): \(result.standardError)")
        }
        let server = try await Server(["--listen", "127.3.2.1"], lowPriority: true)
        defer { server.stop() }
        #expect(server.printed.contains("anyone on this machine may join"), "\(server.printed)")
    }

    // MARK: 10

    @Test("A room behind one NAT address is turned away: logins that succeed are not counted against their address")
    func roomBehindOneAddress() async throws {
        let server = try await Server(["--connections-per-minute", "5"], lowPriority: true)
        defer { server.stop() }
        for attendee in 0..<15 {
            let connection = try await HostileSSH.connect(port: server.port)
            #expect(try await HostileSSH.onLoop { connection.loggedIn }, "attendee \(attendee) was turned away")
            await connection.close()
        }
    }

    // MARK: 11

    @Test("A 65535x65535 terminal gets the menu, drawn in the largest terminal a session has")
    func hugeTerminal() async throws {
        let server = try await Server(lowPriority: true)
        defer { server.stop() }
        let connection = try await HostileSSH.connect(port: server.port)
        let session = try #require(try await connection.openSession())
        try await session.startShell(columns: 65_535, rows: 65_535)
        try await HostileSSH.until("the menu, or the session's end") { session.shows("segue catalog") || session.closed }
        let said = try await HostileSSH.onLoop { session.errorText }
        #expect(try await HostileSSH.onLoop { session.shows("segue catalog") }, "\(said)")
    }

    @Test("A session that used its CPU time ends with the exit signal SSH names XCPU, and the client is told why")
    func exitSignalIsNamed() async throws {
        let server = try await Server(lowPriority: true)
        defer { server.stop() }
        let (_, session) = try await Self.attendeeInTheMenu(server)
        for app in server.sessions { kill(app, SIGXCPU) }
        try await HostileSSH.until("the session's end") { session.closed }
        #expect(try await HostileSSH.onLoop { session.exitSignal } == "XCPU")
        #expect(try await HostileSSH.onLoop { session.errorText }.contains("all the CPU time"))
    }

    @Test("A host key folder others may write to is refused, saying how to mend it")
    func hostKeyFolderMode() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o777)
        let binary = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        let result = try await ProcessRunner.run(binary, ["--port", "2", "--host-key", folder.appendingPathComponent("key").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("chmod 700"), "\(result.standardError)")
    }

    @Test("Who joined, left or was refused is logged with their address and why; the start-up line says who may join in plain words")
    func joinsAndLeavesAreLogged() async throws {
        let server = try await Server(["--passphrase", "unwind segue"], lowPriority: true)
        defer { server.stop() }
        #expect(server.printed.contains("anyone with the passphrase may join"), "\(server.printed)")
        let (_, session) = try await Self.attendeeInTheMenu(server, passwords: ["unwind segue"])
        session.send(Array("qq".utf8))
        try await HostileSSH.until("the end") { session.closed }
        let bad = try await HostileSSH.connect(port: server.port, from: "127.0.5.5", passwords: ["rewind"])
        try await HostileSSH.until("the refused connection closed") { bad.closed }
        try await Self.eventually("the log lines") {
            let log = server.printed
            return log.contains("joined") && log.contains("left") && log.contains("address=127.0.5.5")
        }
        let lines = server.printed.split(separator: "\n")
        #expect(lines.contains { $0.contains("joined") && $0.contains("address=127.0.0.1") && $0.contains("role=attendee") }, "\(server.printed)")
        #expect(lines.contains { $0.contains("left") && $0.contains("status=\"exit 0\"") }, "\(server.printed)")
    }
}
