import ArgumentParser
import Foundation
import Logging
import NIOCore
import Serving

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet-server` (`wallet serve` starts it): the workshop over SSH. Each attendee who connects
/// gets their own `wallet` on a pseudo-terminal at their own size; the presenter's screen is
/// followed by whoever joins as `watch` (docs/serving.md). Who may join is stated: `--open`,
/// `--passphrase`, `--authorized-keys`; loopback alone is open by default.
@main
struct WalletServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallet serve",
        abstract: "Serve the wallet over SSH: every attendee who connects with ssh gets their own, at their terminal's size.",
        discussion: """
            Attendees type ssh -p PORT HOST and get their own wallet; ssh -p PORT watch@HOST \
            follows the presenter's screen, read-only, at any size; the presenter joins as \
            presenter@HOST with the key of --presenter-key, and sees how many follow. Each \
            session is a wallet process of its own on a pseudo-terminal: keys, resizing and \
            NO_COLOR work as in a local terminal, and a session that ends, however, ends alone. \
            Commands (ssh HOST ls), sftp and forwarding are refused. The host key is made on \
            first start and kept; its fingerprint is printed, for attendees to compare with what \
            ssh shows them. SIGTERM (Ctrl-C) ends every session with a line saying so.
              wallet serve
              wallet serve --presenter-key ~/.ssh/id_ed25519.pub
              wallet serve --listen 0.0.0.0 --passphrase unwind
            """
    )

    @Option(help: ArgumentHelp("The address to listen on; one other than loopback needs --open, --passphrase or --authorized-keys.",
                               valueName: "address"))
    var listen = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on.", valueName: "port"))
    var port = 2222

    @Flag(help: "Let anyone who reaches the address join, without a password or key (said at start).")
    var open = false

    @Option(help: ArgumentHelp("Let whoever types this passphrase join (ssh asks for it as a password); visible to this machine's users "
        + "in its process list, like anything on a command line.", valueName: "words"))
    var passphrase: String?

    @Option(name: .customLong("authorized-keys"), help: ArgumentHelp(
        "Let whoever holds a key of this file join (OpenSSH's authorized_keys format: ssh-ed25519, ecdsa-sha2-nistp256…).", valueName: "file"))
    var authorizedKeys: String?

    @Option(name: .customLong("presenter-key"), help: ArgumentHelp(
        "The presenter's public key (an OpenSSH .pub file): who joins as presenter@HOST with it is followed by watch@HOST.", valueName: "file"))
    var presenterKey: String?

    @Option(help: ArgumentHelp("A folder of storyboards each attendee's menu offers besides the wallet and the catalog, each run with "
        + "stand-ins and NAME.behaviours.yaml beside it when there is one.", valueName: "folder"))
    var storyboards: String?

    @Option(name: .customLong("presenter-options"), parsing: .unconditional, help: ArgumentHelp("What the presenter's session runs with, for a projector: "
        + "--theme, --animations, --show-keys, --inspector, --step, --no-mouse, --play-speed, --hide-tally (the room's answers shown as a count "
        + "until the reveal), --window-size smallest (the app laid out within the smallest follower's terminal), as in \"--theme high-contrast --animations slow --show-keys\".",
        valueName: "options"))
    var presenterOptions: String?

    @Option(name: .customLong("host-key"), help: ArgumentHelp(
        "Where the host key is kept (made there on first start, mode 0600); by default in $XDG_STATE_HOME/wallet.", valueName: "file"))
    var hostKey: String?

    @Option(name: .customLong("max-sessions"), help: ArgumentHelp("The most sessions at once, followers included; the presenter always "
        + "gets in.", valueName: "count"))
    var maxSessions = 250

    @Option(name: .customLong("connections-per-minute"), help: ArgumentHelp("The most connections from one address in a minute that "
        + "do not log in (one that logs in is not counted: a room behind one address joins whole).", valueName: "count"))
    var connectionsPerMinute = 300

    @Option(name: .customLong("max-startups"), help: ArgumentHelp("Connections not yet logged in, as sshd's MaxStartups: from START, "
        + "a new one is refused with RATE percent probability, rising to all at FULL.", valueName: "start:rate:full"))
    var maxStartups = Startups.standard

    @Option(name: .customLong("login-grace-time"), help: ArgumentHelp("Seconds a connection has to log in.", valueName: "seconds"))
    var loginGraceTime = 60

    @Option(name: .customLong("max-auth-tries"), help: ArgumentHelp("Failed passphrases or keys after which a connection is closed.",
                                                                     valueName: "count"))
    var maxAuthTries = 6

    @Option(name: .customLong("per-source-penalties"), help: ArgumentHelp("Seconds of penalty an address earns for a failed login "
        + "(authfail), a protocol error (error), an expired login grace time (grace) or leaving without trying (noauth); past min, its "
        + "connections are refused until the penalty drains, a second a second, from at most max. 'no' turns them off.",
        valueName: "words"))
    var perSourcePenalties = Penalties.standard

    @Option(name: .customLong("sessions-per-connection"), help: ArgumentHelp("Sessions one connection may have open at once (the "
        + "presenter's are not limited).", valueName: "count"))
    var sessionsPerConnection = 1

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Minutes without a key after which an attendee's session ends "
        + "(0: never).", valueName: "minutes"))
    var idleTimeout = 60

    @Option(name: .customLong("presenter-silence"), help: ArgumentHelp("Seconds the presenter's ssh may send nothing (asleep, frozen) before "
        + "another login with the presenter's key may take over: it is told so, and the next within a minute does.", valueName: "seconds"))
    var presenterSilence = 15

    @Option(name: .customLong("results"), help: ArgumentHelp("Append every question put to the room, each answer and each reveal to this "
        + "file, a JSON object a line (JSON Lines); sessions are numbered, never named.", valueName: "file"))
    var results: String?

    @Option(name: .customLong("session-memory"), help: ArgumentHelp("The most memory a session may use, in MiB.", valueName: "MiB"))
    var sessionMemory = 512

    @Option(name: .customLong("session-cpu"), help: ArgumentHelp("The most CPU time a session may use, in seconds.", valueName: "seconds"))
    var sessionCPU = 600

    /// For tests: the server ends when the process that started it does, so that a test run
    /// that crashes leaves no server (and no presenter's app) behind.
    @Flag(name: .customLong("exit-with-parent"), help: .hidden)
    var exitWithParent = false

    func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port \(port): a port is from 1 to 65535") }
        if !ListenAddress.isLoopback(listen), !open, passphrase == nil, authorizedKeys == nil {
            throw ValidationError("--listen \(listen) lets others than this machine's users reach the server: say who may join with --open "
                + "(anyone who reaches the port), --passphrase WORDS or --authorized-keys FILE")
        }
        if open, passphrase != nil || authorizedKeys != nil {
            throw ValidationError("--open lets anyone join: give it, or --passphrase and --authorized-keys, not both")
        }
        if let storyboards {
            var status = stat()
            guard stat(storyboards, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationError("--storyboards \(storyboards): no such folder")
            }
        }
        if let presenterOptions {
            do {
                _ = try PresenterOptions.parse(presenterOptions)
            } catch {
                throw ValidationError("--presenter-options: \(error)")
            }
        }
        if let results, case .failure(let failure) = ResultsFile.open(results) { throw ValidationError(failure.description) }
        if let passphrase, passphrase.isEmpty { throw ValidationError("--passphrase: an empty passphrase lets anyone join; say --open instead") }
        for (option, value, least) in [("--max-sessions", maxSessions, 1), ("--connections-per-minute", connectionsPerMinute, 1),
                                       ("--idle-timeout", idleTimeout, 0), ("--session-memory", sessionMemory, 64), ("--session-cpu", sessionCPU, 1),
                                       ("--login-grace-time", loginGraceTime, 1), ("--max-auth-tries", maxAuthTries, 1),
                                       ("--sessions-per-connection", sessionsPerConnection, 1), ("--presenter-silence", presenterSilence, 1)]
            where value < least {
            throw ValidationError("\(option) \(value): at least \(least)")
        }
    }

    func admission() throws -> Admission {
        do {
            return Admission(open: open, passphrase: passphrase,
                             authorizedKeys: Set(try authorizedKeys.map { try Admission.publicKeys(at: $0) } ?? []),
                             presenterKey: try presenterKey.map { path in
                                 let keys = try Admission.publicKeys(at: path)
                                 guard keys.count == 1 else { throw Admission.KeysFailure.line(path, 1, "one key, the presenter's, is expected") }
                                 return keys[0]
                             })
        } catch let failure as Admission.KeysFailure {
            throw ValidationError(failure.description)
        }
    }

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        if let shortage = SSHServer.raiseDescriptorLimit(maxSessions: maxSessions, startups: maxStartups) { throw ValidationError(shortage) }
        let key: HostKey
        do {
            key = try HostKey.load(at: hostKey ?? HostKey.defaultPath())
        } catch {
            throw ValidationError(error.description)
        }
        let folder = storyboards.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        var configuration = ServerConfiguration(
            admission: try admission(), hostKey: key.sshKey, wallet: Self.walletBesideThisServer(), storyboards: folder,
            sessionMemory: UInt64(sessionMemory) << 20, sessionCPUSeconds: UInt64(sessionCPU), maxSessions: maxSessions,
            idleTimeout: idleTimeout == 0 ? nil : .minutes(Int64(idleTimeout)),
            gate: Gate(startups: maxStartups, penalties: perSourcePenalties, connectionsPerMinute: connectionsPerMinute),
            loginGrace: .seconds(Int64(loginGraceTime)), maxAuthTries: maxAuthTries, sessionsPerConnection: sessionsPerConnection)
        configuration.presenterOptions = (try? presenterOptions.map(PresenterOptions.parse)) ?? []
        configuration.results = results
        configuration.presenterSilence = .seconds(Int64(presenterSilence))
        configuration.exitsWithParent = exitWithParent
        // Who joins, leaves or is refused, a line each on standard error (the start-up lines are
        // standard output's, for scripts to read).
        LoggingSystem.bootstrap { ServerLogHandler.standardError(label: $0) }
        let log = Logger(label: "wallet-serve")
        let who = open ? "anyone who reaches \(listen):\(port) (--open)"
            : passphrase == nil && authorizedKeys == nil ? "anyone on this machine" : configuration.admission.description
        let host = ListenAddress.isLoopback(listen) ? "localhost" : listen
        do {
            try SSHServer.run(configuration, host: listen, port: port, log: log) {
                // Written at once, not buffered: a script or a test waits for these lines.
                let lines = Array("""
                    wallet serve: listening on \(listen):\(port); \(who) may join.
                    Attendees type: ssh -p \(port) \(host)
                    Followers type: ssh -p \(port) watch@\(host)\(presenterKey == nil ? "" : "   The presenter: ssh -p \(port) presenter@\(host)")
                    Host key \(key.path): ED25519 \(key.fingerprint)
                    \(results.map { "Questions, answers and exercises are appended to \($0) (JSON Lines)" }
                        ?? "Questions and answers are kept nowhere: --results FILE keeps them")

                    """.utf8)
                _ = lines.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("cannot listen on \(listen):\(port): \(error)")
        }
    }

    /// The `wallet` executable in this server's folder.
    static func walletBesideThisServer() -> String {
        // Foundation finds it as each platform does (/proc/self/exe on Linux, dyld on macOS).
        let me = Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } ?? CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return "wallet" }
        return String(me[...slash]) + "wallet"
    }
}

extension Startups: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}

extension Penalties: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}
