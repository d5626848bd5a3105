import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet serve`: the workshop over SSH, served by `wallet-server`, the package's second
/// executable, found beside this one (or else on the PATH) and started in this process's place
/// with the same arguments. The server is a binary of its own so that `wallet` links no SSH, crypto or
/// Foundation (docs/serving.md); `wallet-server --help` lists its options.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the wallet over SSH: every attendee who connects with ssh gets their own (wallet-server --help).",
        discussion: """
            Starts wallet-server, beside this wallet (swift build makes both) or on the PATH, with these arguments: \
            --listen ADDRESS (127.0.0.1 by default; another address needs --open, --passphrase or \
            --authorized-keys), --port N (2222), --open, --passphrase WORDS, --authorized-keys FILE, \
            --presenter-key FILE, --presenter-options OPTIONS, --host-key FILE, --max-sessions N, --connections-per-minute N, \
            --idle-timeout MINUTES, --session-memory MIB, --session-cpu SECONDS. Attendees type \
            ssh -p 2222 HOST; followers ssh -p 2222 watch@HOST; the presenter presenter@HOST.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("wallet-server's options.", valueName: "option"))
    var options: [String] = []

    func run() throws {
        let beside = Self.besideThisExecutable("wallet-server")
        // `swift run wallet serve` builds the wallet alone: the server is built here, once,
        // as `swift build` would, when this wallet is one SwiftPM built in a clone.
        if access(beside, X_OK) != 0, let build = Self.buildOfThisPackage() {
            OutputFile.standardError.writeIfPossible(
                "wallet serve: building wallet-server, once (swift build --product wallet-server -c \(build.configuration))…\n")
            _ = ChildProcess.run("swift", ["build", "--package-path", build.root, "--product", "wallet-server", "-c", build.configuration])
        }
        // Beside this wallet, else on the PATH: a wallet installed alone (issue 32) finds a server
        // installed elsewhere.
        guard let server = access(beside, X_OK) == 0 ? beside : Self.onPath("wallet-server") else {
            // Said plainly, without the usage: nothing the user typed was wrong.
            OutputFile.standardError.writeIfPossible("""
                wallet serve: wallet-server is neither beside this wallet (\(beside)) nor on the PATH. It is the package's \
                second executable: install it beside wallet, as in
                  swift build -c release && install .build/release/wallet .build/release/wallet-server ~/.local/bin/

                """)
            throw ExitCode.failure
        }
        let argv = ([server] + options).map { strdup($0) } + [nil]
        execv(server, argv)
        OutputFile.standardError.writeIfPossible("wallet serve: wallet-server (\(server)) could not start: \(String(cString: strerror(errno)))\n")
        throw ExitCode.failure
    }

    /// The first executable `name` in the folders of `PATH`.
    static func onPath(_ name: String) -> String? {
        let path = FileSystem.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { ($0.isEmpty ? "." : String($0)) + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// The package and configuration this wallet was built from, when it is in a SwiftPM build
    /// folder (`ROOT/.build/TRIPLE/debug/wallet`, or `ROOT/.build/release/wallet`) beside a `Package.swift`.
    static func buildOfThisPackage() -> (root: String, configuration: String)? {
        let folder = besideThisExecutable("")
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.dropLast().last, last == "debug" || last == "release",
              let build = parts.lastIndex(of: ".build") else { return nil }
        let root = parts[..<build].joined(separator: "/")
        guard access(root + "/Package.swift", R_OK) == 0 else { return nil }
        return (root.isEmpty ? "/" : root, String(last))
    }

    /// `name` in the folder of the running executable.
    static func besideThisExecutable(_ name: String) -> String {
        let me = Platform.executablePath() ?? CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }
}
