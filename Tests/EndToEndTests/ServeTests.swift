import Foundation
import Testing
import TestSupport

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

        /// `arguments` besides the port, `$STATE` in them the state folder; `prepare` writes files
        /// into that folder first (keys).
        /// `shell` runs before the server in the same bash (`ulimit -n 1024`, say). A `lowPriority`
        /// server (nice 10) and the sessions it starts yield the machine to the other tests: a
        /// hundred attendees' wallets must not starve a test whose terminal writes a key's
        /// pieces milliseconds apart (SplitKeyTests), on CI's two cores.
        init(_ arguments: [String] = [], shell: String = "", lowPriority: Bool = false,
             prepare: (URL) throws -> Void = { _ in }) async throws {
            state = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            try prepare(state)
            let arguments = arguments.map { [state] in $0.replacingOccurrences(of: "$STATE", with: state.path) }
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
                process.arguments = ["-c", shell + "\nexec \(lowPriority ? "nice -n 10 " : "")\"$0\" --port \(port) --exit-with-parent \"${@:2}\" > \"$1\" 2>&1 < /dev/null", server, output.path] + arguments
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

        /// `ssh` in a terminal of its own, joined to this server as `user` (an attendee by default).
        func session(_ user: String? = nil, width: Int = 80, height: Int = 24, options: [String] = Server.sshOptions) async throws -> TmuxSession {
            try await TmuxSession(arguments: options + ["-p", "\(port)", (user.map { "\($0)@" } ?? "") + "127.0.0.1"], width: width, height: height,
                                  program: try ProcessRunner.find("ssh"))
        }

        /// An attendee who picked the wallet in the menu, once its balance shows.
        func wallet(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
            let ssh = try await session(width: width, height: height)
            _ = try await ssh.waitFor(text: "The segue catalog")
            _ = try await ssh.send("Enter", thenWaitFor: "€ 5,432.01")
            return ssh
        }

        /// The presenter, with the key the server was given (`withPresenterKey`), in their menu.
        func presenter(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
            let ssh = try await session("presenter", width: width, height: height,
                                        options: Self.sshOptions + ["-i", state.appendingPathComponent("presenter").path, "-o", "IdentitiesOnly=yes"])
            _ = try await ssh.waitFor(text: "The segue catalog")
            return ssh
        }

        /// Makes the presenter's key pair in the state folder, as `prepare` for `init`.
        static func withPresenterKey(_ state: URL) throws {
            let key = state.appendingPathComponent("presenter").path
            let made = Process()
            made.executableURL = URL(fileURLWithPath: try ProcessRunner.find("ssh-keygen").path)
            made.arguments = ["-q", "-t", "ed25519", "-N", "", "-C", "presenter", "-f", key]
            try made.run()
            made.waitUntilExit()
        }

        static let sshOptions = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                                 "-o", "BatchMode=yes"]

        /// The wallet processes the server started.
        var sessions: [pid_t] { Platform.children(of: pid) }

        var isRunning: Bool { kill(pid, 0) == 0 }

        func stop() {
            kill(pid, SIGTERM)
            // SIGTERM gives the sessions a few seconds to say goodbye; a server that outlives
            // them (a defect) must not outlive the test.
            for _ in 0..<100 where isRunning { usleep(50_000) }
            if isRunning { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(at: state)
        }
    }

    @Test("An attendee's ssh gets the menu, then their own wallet at their size, which follows a resize: keys work, q goes back to the menu, and q there ends the session with the terminal as it was")
    func session() async throws {
        let server = try await Server()
        defer { server.stop() }
        let ssh = try await server.wallet()
        defer { ssh.kill() }
        let screen = try await ssh.capture()
        // The wallet is laid out at the attendee's size, as in a local terminal: its title centred
        // on 80 columns (column 37); once the terminal is resized to 120x30 (ssh sends
        // window-change), its 80 columns centred (Saldo at column 21) under a large title.
        #expect(Self.column(of: "Wallet", in: screen) == 37, "\(screen)")
        try await ssh.resize(width: 120, height: 30)
        let wide = try await ssh.waitUntil("the wallet laid out at 120x30") {
            Self.column(of: "Saldo", in: $0) == 21 && $0.lines.dropFirst().first?.hasPrefix("                     Wallet") == true
        }
        #expect(wide.contains("€ 5,432.01"))
        _ = try await ssh.send("n", thenWaitFor: "Contacts")
        try await Self.cancel(ssh)
        // q leaves the wallet for the menu, and q there ends the session.
        _ = try await ssh.send("q", thenWaitFor: "The segue catalog")
        let ending = try await ssh.quit()
        #expect(ending.exitStatus == 0 && ending.settingsUnchanged, "\(ending.screen)")
    }

    /// Esc on Contacts, and the wallet alone again: "New Transfer" shows under the sheet too.
    @discardableResult
    static func cancel(_ ssh: TmuxSession) async throws -> String {
        try await ssh.send(keys: "Escape")
        return try await ssh.waitUntil("the wallet without the sheet") { !$0.contains("Contacts") && $0.contains("Saldo") }
    }

    /// The column of the title on the first row.
    /// The column of `text` on the first line that shows it.
    static func column(of text: String, in screen: String) -> Int? {
        guard let line = screen.lines.first(where: { $0.contains(text) }), let range = line.range(of: text) else { return nil }
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
        #expect(server.printed.contains("kept nowhere: --results FILE keeps them"), "\(server.printed)")
    }

    @Test("A command (ssh HOST ls) is refused: a session runs the wallet and nothing else")
    func execRefused() async throws {
        let server = try await Server()
        defer { server.stop() }
        let result = try await ProcessRunner.run(try ProcessRunner.find("ssh"), Server.sshOptions + ["-p", "\(server.port)", "127.0.0.1", "ls", "/"])
        #expect(result.status != 0)
        #expect(!result.standardOutput.contains("bin"), "\(result.standardOutput)")
    }

    @Test("A wallet that crashes (kill -SEGV) takes its session back to the menu, and a menu that crashes ends its session alone: the other attendee's wallet still answers; a session is one process at a time")
    func crashEndsOneSession() async throws {
        let server = try await Server()
        defer { server.stop() }
        let first = try await server.wallet()
        defer { first.kill() }
        let before = Set(server.sessions)
        let second = try await server.wallet()
        defer { second.kill() }
        // A session runs one process at a time: the wallet chosen in its menu, in the menu's stead.
        let secondWallet = try #require(Set(server.sessions).subtracting(before).first)
        kill(secondWallet, SIGSEGV)
        // The crashed wallet's session goes back to its menu, saying so; the other is untouched.
        _ = try await second.waitFor(text: "The wallet: ended by signal 11")
        _ = try await first.send("n", thenWaitFor: "Contacts")
        // A crash of the menu ends that session alone.
        let secondMenu = try #require(Set(server.sessions).subtracting(before).first)
        #expect(secondMenu != secondWallet)
        kill(secondMenu, SIGSEGV)
        _ = try await second.waitForEnding()
        try await Self.cancel(first)
        #expect(server.isRunning)
    }

    @Test("Another address than loopback without --open is refused, saying who could reach it")
    func openIsStated() async throws {
        let server = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        let result = try await ProcessRunner.run(server, ["--listen", "0.0.0.0", "--port", "2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--open"), "\(result.standardError)")
    }

    @Test("Two attendees at once have a ledger each: one's transfer is not in the other's wallet")
    func ledgerEach() async throws {
        let server = try await Server()
        defer { server.stop() }
        let first = try await server.wallet()
        defer { first.kill() }
        let second = try await server.wallet()
        defer { second.kill() }
        try await first.sendTwelveThirtyFourToHeather()
        _ = try await first.waitFor(text: "€ 5,419.67")
        _ = try await second.send("n", thenWaitFor: "Contacts")
        let other = try await Self.cancel(second)
        #expect(other.contains("€ 5,432.01") && !other.contains("12.34"), "\(other)")
    }

    @Test("A follower sees the presenter's Send as it happens, centred on a larger terminal, and the presenter sees who follows")
    func followerSeesThePresenter() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub"], prepare: Server.withPresenterKey)
        defer { server.stop() }
        let presenter = try await server.presenter()
        defer { presenter.kill() }
        let follower = try await server.session("watch", width: 100, height: 30)
        defer { follower.kill() }
        // The presenter's menu is followed too, then what the presenter picks in it.
        _ = try await follower.waitFor(text: "The segue catalog")
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        let following = try await follower.waitUntil("the wallet, followed") { $0.contains("Saldo") && $0.contains("Following the presenter") }
        // The presenter's 80 columns centred in 100: the title's column 37 moves to 47.
        #expect(following.lines.first { $0.contains("Wallet") }.map { $0.distance(from: $0.startIndex, to: $0.range(of: "Wallet")!.lowerBound) } == 47,
                "\(following)")
        // And how small the smallest follower's terminal is (issue 32, defect 6).
        _ = try await presenter.waitFor(text: "1 following · smallest 100x30")
        try await presenter.send(keys: "n")
        _ = try await follower.waitFor(text: "Contacts")
        try await presenter.send(keys: "Down", "Down", "Enter")
        try await presenter.type("12.34")
        _ = try await follower.waitFor(text: "€ 12.34")
        try await presenter.send(keys: "Enter")
        _ = try await follower.waitFor(text: "€ 5,419.67")
        // q leaves following; the presenter goes on, and counts one fewer.
        _ = try await follower.quit()
        _ = try await presenter.waitFor(text: "0 following")
    }

    @Test("A follower's terminal smaller than the presenter's shows part of the screen and says so, never a garbled one")
    func smallFollower() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub"], prepare: Server.withPresenterKey)
        defer { server.stop() }
        let presenter = try await server.presenter()
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        let follower = try await server.session("watch", width: 60, height: 16)
        defer { follower.kill() }
        // The part around the presenter's focus (New Transfer, at the bottom), then, panned up and
        // left with the arrows, the top-left part, cell for cell: the presenter's first 15 rows,
        // each cut at 60 columns, over the line that says so; Home follows the focus again.
        let following = try await follower.waitFor(text: "Part of 80x24, following the focus")
        #expect(following.contains("New Transfer"), "\(following)")
        let shown = try await presenter.capture().lines.prefix(15).map { line -> Substring in
            Substring(String(line.prefix(60)).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        try await follower.send(keys: "Up", "Up", "Up", "Up", "Left", "Left", "Left")
        // Each arrow pans a step, drawn as it comes: the last one's frame is the top-left part
        // (the line "Home follows focus" shows from the first arrow on).
        let screen = try await follower.waitUntil("the top-left part, cell for cell") {
            $0.contains("Home follows focus") && Array($0.lines.prefix(15)) == shown
        }
        #expect(Array(screen.lines.prefix(15)) == shown, "\(screen)")
        try await follower.send(keys: "Home")
        #expect(try await follower.waitFor(text: "following the focus").contains("New Transfer"))
    }

    @Test("Only the presenter's key joins as presenter; without --presenter-key nobody does")
    func presenterNeedsTheKey() async throws {
        let server = try await Server()
        defer { server.stop() }
        let result = try await ProcessRunner.run(try ProcessRunner.find("ssh"), Server.sshOptions + ["-tt", "-p", "\(server.port)", "presenter@127.0.0.1"])
        #expect(result.status == 255, "\(result.standardError)")
        #expect(result.standardError.contains("Permission denied"), "\(result.standardError)")
    }

    @Test("With --passphrase a wrong one is refused and the right one joins")
    func passphrase() async throws {
        let server = try await Server(["--passphrase", "unwind segue"])
        defer { server.stop() }
        let options = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                       "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password", "-o", "NumberOfPasswordPrompts=1"]
        let wrong = try await server.session(options: options)
        defer { wrong.kill() }
        _ = try await wrong.waitFor(text: "password:")
        try await wrong.type("rewind")
        try await wrong.send(keys: "Enter")
        let refused = try await wrong.waitForEnding()
        #expect(refused.exitStatus == 255 && refused.screen.contains("Permission denied"), "\(refused.screen)")
        let right = try await server.session(options: options)
        defer { right.kill() }
        _ = try await right.waitFor(text: "password:")
        try await right.type("unwind segue")
        try await right.send(keys: "Enter")
        _ = try await right.waitFor(text: "The segue catalog")
    }

    @Test("A host key others can read is refused, saying how to mend it")
    func hostKeyMode() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let key = state.appendingPathComponent("key")
        try Data(repeating: 7, count: 32).write(to: key)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key.path)
        let server = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        let result = try await ProcessRunner.run(server, ["--port", "2", "--host-key", key.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("chmod 600"), "\(result.standardError)")
    }

    @Test("sftp is refused: a session names no file of the server")
    func sftpRefused() async throws {
        let server = try await Server()
        defer { server.stop() }
        let sftp = try ProcessRunner.find("sftp")
        let result = try await ProcessRunner.run(sftp, Server.sshOptions + ["-P", "\(server.port)", "-b", "/dev/null", "127.0.0.1"])
        #expect(result.status != 0, "\(result.standardOutput)")
    }

    @Test("When the room is full, the next one is told so, and the presenter still gets in")
    func roomFull() async throws {
        let server = try await Server(["--max-sessions", "1", "--presenter-key", "$STATE/presenter.pub"], prepare: Server.withPresenterKey)
        defer { server.stop() }
        let first = try await server.wallet()
        defer { first.kill() }
        let second = try await server.session()
        defer { second.kill() }
        let ending = try await second.waitForEnding()
        #expect(ending.screen.contains("the workshop is full (1 sessions)"), "\(ending.screen)")
        let presenter = try await server.presenter()
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
    }

    @Test("A client that stops reading stops only its own wallet: another attendee's keys are answered meanwhile")
    func stalledClient() async throws {
        let server = try await Server()
        defer { server.stop() }
        // ssh with a terminal requested, its output into a pipe nobody reads for 20 seconds
        // (then ssh gets EPIPE and ends). Nothing of it writes to the test's own output, which
        // the test runner reads to its end.
        let stalled = Process()
        stalled.executableURL = URL(fileURLWithPath: "/bin/bash")
        stalled.arguments = ["-c", "\"$0\" \"$@\" < /dev/zero 2>/dev/null | sleep 20", try ProcessRunner.find("ssh").path]
            + Server.sshOptions + ["-tt", "-p", "\(server.port)", "127.0.0.1"]
        stalled.standardOutput = FileHandle.nullDevice
        stalled.standardError = FileHandle.nullDevice
        try stalled.run()
        let attendee = try await server.wallet()
        defer { attendee.kill() }
        for _ in 0..<3 {
            _ = try await attendee.send("n", thenWaitFor: "Contacts")
            try await Self.cancel(attendee)
        }
        #expect(server.isRunning)
    }

    @Test("SIGTERM ends every session, in its menu or in the app it chose, with a line saying the workshop is over, each terminal left as it was, and the server exits")
    func goodbye() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub"], prepare: Server.withPresenterKey)
        defer { server.stop() }
        let first = try await server.session()
        defer { first.kill() }
        let second = try await server.wallet()
        defer { second.kill() }
        let presenter = try await server.presenter()
        defer { presenter.kill() }
        _ = try await first.waitFor(text: "The segue catalog")
        _ = try await second.send("n", thenWaitFor: "Contacts")
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        kill(server.pid, SIGTERM)
        // The same clean end for everyone, attendees and presenter (issue 32: 129 and 0).
        for session in [first, second, presenter] {
            let ending = try await session.waitForEnding()
            #expect(ending.settingsUnchanged, "\(ending.screen)")
            #expect(ending.screen.contains("the workshop is over"), "\(ending.screen)")
            #expect(ending.exitStatus == 0, "\(ending.screen)")
        }
        try await Task.sleep(for: .seconds(1))
        #expect(!server.isRunning)
    }

    @Test("SIGTERM's goodbye reaches a session whose app does not end when hung up: the app is killed after the grace, and the session still ends with the line and status 0")
    func goodbyeToAnAppThatDoesNotEnd() async throws {
        let server = try await Server()
        defer { server.stop() }
        let attendee = try await server.wallet()
        defer { attendee.kill() }
        // A stopped app reads no hang-up, as a hundred apps on a loaded machine may not in time.
        for app in server.sessions { kill(app, SIGSTOP) }
        kill(server.pid, SIGTERM)
        let ending = try await attendee.waitForEnding()
        #expect(ending.screen.contains("the workshop is over"), "\(ending.screen)")
        #expect(ending.exitStatus == 0, "\(ending.screen)")
    }

    @Test("The menu offers the presenter's storyboards, each run with its behaviours, and one that does not load says why in the menu")
    func menuStoryboards() async throws {
        let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Demos")
        let server = try await Server(["--storyboards", "$STATE/storyboards"]) { state in
            let folder = state.appendingPathComponent("storyboards")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in ["Tabs.storyboard", "Tabs.behaviours.yaml"] {
                try FileManager.default.copyItem(at: demos.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
            try Data("<document".utf8).write(to: folder.appendingPathComponent("Broken.storyboard"))
        }
        defer { server.stop() }
        let ssh = try await server.session()
        defer { ssh.kill() }
        let menu = try await ssh.waitFor(text: "Tabs.storyboard, with its behaviours")
        #expect(menu.contains("Broken.storyboard, with stand-ins"), "\(menu)")
        // Broken is fourth (after the wallet, the catalog and the exercises): it does not load, and
        // says where, naming the file as the presenter's folder has it, never by a path of the server's.
        let broken = try await ssh.send("4", thenWaitFor: "Broken: ")
        #expect(broken.contains("Broken: Broken.storyboard") && !broken.contains(server.state.path.prefix(12)), "\(broken)")
        // Tabs' own screen: "Send" alone would match the menu's "Send and Cancel" at once.
        try await ssh.send(keys: "5")
        let tabs = try await ssh.waitFor(text: "Send Second a message")
        #expect(!tabs.contains("The segue catalog"), "\(tabs)")
    }

    /// Issue 32, defect 5: `presenter@` got the attendees' menu and no way to set a projector's
    /// theme, animations, shown keys or inspector.
    @Test("--presenter-options gives the presenter's session its projector options: the inspector open and the keys shown in what it runs")
    func presenterOptions() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub", "--presenter-options", "--theme high-contrast --show-keys --inspector"],
                                      prepare: Server.withPresenterKey)
        defer { server.stop() }
        let presenter = try await server.presenter(width: 120, height: 30)
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "Inspector")
        try await presenter.send(keys: "n")
        _ = try await presenter.waitUntil("the key n shown") { screen in
            screen.contains("Contacts") && (screen.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasSuffix(" n") ?? false)
        }
        // An attendee's session is as it was.
        let attendee = try await server.wallet()
        defer { attendee.kill() }
        #expect(!(try await attendee.capture()).contains("Inspector"))
    }

    /// Issue 47: a watcher at 80x24 following a 120x30 presenter saw rows 7 to 29, the title and
    /// the balance cut. With `--window-size smallest` (tmux's name), the presenter's app lays out
    /// within the smallest follower's terminal, and every follower sees all of it.
    @Test("--presenter-options \"--window-size smallest\" lays the presenter's app out within the smallest follower's terminal, and again when it changes")
    func windowSizeSmallest() async throws {
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub", "--presenter-options", "--window-size smallest"],
                                      prepare: Server.withPresenterKey)
        defer { server.stop() }
        let presenter = try await server.presenter(width: 120, height: 30)
        defer { presenter.kill() }
        _ = try await presenter.send("Enter", thenWaitFor: "€ 5,432.01")
        let watcher = try await server.session("watch", width: 80, height: 24)
        defer { watcher.kill() }
        // The presenter's wallet is 80x24 at the top left of its 120x30 terminal: its footer on row 23.
        let laidOut = try await presenter.waitUntil("the wallet at 80x24") { screen in
            let lines = screen.lines
            return lines.count >= 24 && lines[23].contains("q quit") && lines.dropFirst(24).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        #expect(laidOut.lines.allSatisfy { $0.count <= 80 || $0.dropFirst(80).allSatisfy { $0 == " " } }, "\(laidOut)")
        // The watcher sees it whole: the title and the balance, and the keys.
        let seen = try await watcher.waitUntil("the whole wallet") { $0.contains("Wallet") && $0.contains("€ 5,432.01") && $0.contains("q quit") }
        #expect(seen.contains("Saldo"), "\(seen)")
        // A larger follower: the smallest is still 80x24; the first gone, the app takes the next.
        let larger = try await server.session("watch", width: 100, height: 28)
        defer { larger.kill() }
        _ = try await larger.waitFor(text: "€ 5,432.01")
        watcher.kill()
        _ = try await presenter.waitUntil("the wallet at 100x28") { screen in
            let lines = screen.lines
            return lines.count >= 28 && lines[27].contains("q quit")
        }
    }

    @Test("--presenter-options that are not the stage's are refused when the server starts, saying which")
    func presenterOptionsRefused() async throws {
        let server = try WalletBinary.url().deletingLastPathComponent().appendingPathComponent("wallet-server")
        let result = try await ProcessRunner.run(server, ["--presenter-options", "--theme loud"], environment: WalletBinary.environment)
        #expect(result.status != 0 && result.standardError.contains("--presenter-options: --theme takes one of default, high-contrast, mono"),
                "\(result.standardError)")
        let other = try await ProcessRunner.run(server, ["--presenter-options", "--storyboard /etc/passwd"], environment: WalletBinary.environment)
        #expect(other.status != 0 && other.standardError.contains("\"--storyboard\" is not an option of the presenter's stage"), "\(other.standardError)")
    }

    /// Issue 32, defect 11: a catalog killed with SIGSEGV said "ended by signal 11" in the menu,
    /// but not when the attendee had resized the terminal while it ran.
    @Test("Why an attendee's app ended is still said in the menu when the terminal was resized while the app ran")
    func endingSurvivesAResize() async throws {
        let server = try await Server()
        defer { server.stop() }
        let ssh = try await server.session()
        defer { ssh.kill() }
        _ = try await ssh.waitFor(text: "The segue catalog")
        let before = Set(server.sessions)
        _ = try await ssh.send("2", thenWaitFor: "Push")
        try await ssh.resize(width: 100, height: 30)
        _ = try await ssh.waitFor(text: "Push")
        let catalog = try #require(before.count == 1 ? server.sessions.first : Set(server.sessions).first)
        kill(catalog, SIGSEGV)
        let menu = try await ssh.waitFor(text: "The segue catalog: ended by signal 11")
        // And it stays through another resize, until a key.
        try await ssh.resize(width: 90, height: 26)
        try await Task.sleep(for: .milliseconds(300))
        let resized = try await ssh.capture()
        #expect(resized.contains("ended by signal 11"), "\(menu)\n---\n\(resized)")
    }

    /// Issue 32, defect 9: after the README's install step (the wallet copied alone), `wallet
    /// serve` said "wallet-server is not beside this wallet … build it with swift build", with
    /// the usage after it.
    @Test("An installed wallet serves with the wallet-server on the PATH, and without one says how to install it, without a usage")
    func installedWalletFindsItsServer() async throws {
        let folder = try TemporaryFolder("wallet-installed")
        let installed = folder.path("bin/wallet")
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try WalletBinary.url().path, toPath: installed)
        let built = try WalletBinary.url().deletingLastPathComponent().path
        var environment = WalletBinary.environment
        environment["PATH"] = "/usr/bin:/bin"
        let alone = try await ProcessRunner.run(URL(fileURLWithPath: installed), ["serve", "--help"], environment: environment)
        #expect(alone.status == 1, "\(alone.standardError)")
        #expect(alone.standardError.contains("install .build/release/wallet .build/release/wallet-server ~/.local/bin/"), "\(alone.standardError)")
        #expect(!alone.standardError.contains("Usage"), "\(alone.standardError)")
        environment["PATH"] = "/usr/bin:/bin:" + built
        let found = try await ProcessRunner.run(URL(fileURLWithPath: installed), ["serve", "--help"], environment: environment)
        #expect(found.status == 0 && found.standardOutput.contains("--max-sessions"), "\(found.standardError)")
    }
}

