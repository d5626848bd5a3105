import Foundation
import Testing

/// `wallet serve` as attendees reach it: OpenSSH's own `ssh` client, in a real terminal (tmux),
/// against a `wallet-server` this test starts on 127.0.0.1 with a host key of its own.
@Suite("wallet serve, reached with ssh", .serialized)
struct ServeTests {
    /// A running `wallet-server` on loopback, with its printed lines.
    final class Server {
        /// The server's process id (bash runs it with `exec`).
        let pid: pid_t
        let port: Int
        let output: URL
        let state: URL

        init() async throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            output = state.appendingPathComponent("server.out")
            let server = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server").path
            var attempt = 0
            while true {
                attempt += 1
                let port = Int.random(in: 20_000..<60_000)
                // Through bash, which closes every descriptor but 0-2 first: Foundation's Process
                // on Linux learns that a child ended when a socket the child inherited closes, and
                // the server (and the wallets it starts) would keep that socket, and the test
                // waiting, for their lifetime (as TmuxSession says of tmux).
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", "exec \"$0\" --port \(port) > \"$1\" 2>&1 < /dev/null", server, output.path]
                process.environment = ["XDG_STATE_HOME": state.path, "HOME": state.path, "PATH": "/usr/bin:/bin"]
                try process.run()
                let pid = process.processIdentifier
                let deadline = ContinuousClock.now + .seconds(20)
                var text = ""
                while ContinuousClock.now < deadline, kill(pid, 0) == 0, !text.contains("Host key") {
                    try await Task.sleep(for: .milliseconds(50))
                    text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                }
                if text.contains("Host key") {
                    self.pid = pid
                    self.port = port
                    return
                }
                kill(pid, SIGTERM)
                if attempt == 5 { throw EndToEndError("wallet-server did not start: \(text)") }
            }
        }

        var printed: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        /// `ssh` in a terminal of its own, joined to this server.
        func session(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
            try await TmuxSession(arguments: Self.sshOptions + ["-p", "\(port)", "127.0.0.1"], width: width, height: height,
                                  program: try ProcessRunner.find("ssh"))
        }

        static let sshOptions = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                                 "-o", "BatchMode=yes"]

        /// The wallet processes the server started.
        var sessions: [pid_t] { TmuxSession.children(of: "\(pid)") }

        var isRunning: Bool { kill(pid, 0) == 0 }

        func stop() {
            kill(pid, SIGTERM)
            try? FileManager.default.removeItem(at: state)
        }
    }

    @Test("An attendee's ssh gets their own wallet at their size and follows a resize: keys work, and q ends the session with the terminal as it was")
    func session() async throws {
        let server = try await Server()
        defer { server.stop() }
        let ssh = try await server.session()
        defer { ssh.kill() }
        let screen = try await ssh.waitFor(text: "€ 5,432.01")
        // The title is centred on the attendee's width, as in a local terminal: column 37 of 80,
        // then 57 of 120 once the terminal is resized (ssh sends window-change).
        #expect(Self.titleColumn(screen) == 37, "\(screen)")
        try await ssh.resize(width: 120, height: 30)
        let wide = try await ssh.waitUntil("the title centred on 120 columns") { Self.titleColumn($0) == 57 }
        #expect(wide.contains("€ 5,432.01"))
        _ = try await ssh.send("n", thenWaitFor: "Contacts")
        _ = try await ssh.send("Escape", thenWaitFor: "New Transfer")
        let ending = try await ssh.quit()
        #expect(ending.exitStatus == 0 && ending.settingsUnchanged, "\(ending.screen)")
    }

    /// The column of the title on the first row.
    static func titleColumn(_ screen: String) -> Int? {
        guard let line = screen.lines.first, let range = line.range(of: "Wallet") else { return nil }
        return line.distance(from: line.startIndex, to: range.lowerBound)
    }

    @Test("The host key is kept with mode 0600 and its fingerprint printed is the one OpenSSH computes")
    func hostKey() async throws {
        let server = try await Server()
        defer { server.stop() }
        let key = server.state.appendingPathComponent("wallet/ssh_host_ed25519_key").path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let scan = try await ProcessRunner.run(try ProcessRunner.find("sh"), ["-c",
            "ssh-keyscan -p \(server.port) -t ed25519 127.0.0.1 2>/dev/null | ssh-keygen -lf -"])
        let fingerprint = try #require(scan.standardOutput.split(separator: " ").first { $0.hasPrefix("SHA256:") })
        #expect(server.printed.contains("ED25519 \(fingerprint)"), "\(server.printed)\n\(scan.standardOutput)")
    }

    @Test("A command (ssh HOST ls) is refused: a session runs the wallet and nothing else")
    func execRefused() async throws {
        let server = try await Server()
        defer { server.stop() }
        let result = try await ProcessRunner.run(try ProcessRunner.find("ssh"), Server.sshOptions + ["-p", "\(server.port)", "127.0.0.1", "ls", "/"])
        #expect(result.status != 0)
        #expect(!result.standardOutput.contains("bin"), "\(result.standardOutput)")
    }

    @Test("A session that crashes (kill -SEGV of its wallet) ends alone: the other attendee's wallet still answers")
    func crashEndsOneSession() async throws {
        let server = try await Server()
        defer { server.stop() }
        let first = try await server.session()
        defer { first.kill() }
        _ = try await first.waitFor(text: "€ 5,432.01")
        let before = Set(server.sessions)
        let second = try await server.session()
        defer { second.kill() }
        _ = try await second.waitFor(text: "€ 5,432.01")
        let secondWallet = try #require(Set(server.sessions).subtracting(before).first)
        kill(secondWallet, SIGSEGV)
        _ = try await second.waitForEnding()
        _ = try await first.send("n", thenWaitFor: "Contacts")
        #expect(server.isRunning)
    }

    @Test("Another address than loopback without --open is refused, saying who could reach it")
    func openIsStated() async throws {
        let server = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        let result = try await ProcessRunner.run(server, ["--listen", "0.0.0.0", "--port", "2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--open"), "\(result.standardError)")
    }
}
