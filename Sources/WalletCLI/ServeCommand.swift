import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wallet serve`: the workshop over SSH, served by `wallet-server`, the package's second
/// executable, found beside this one and started in this process's place with the same
/// arguments. The server is a binary of its own so that `wallet` links no SSH, crypto or
/// Foundation (docs/serving.md); `wallet-server --help` lists its options.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the wallet over SSH: every attendee who connects with ssh gets their own (wallet-server --help).",
        discussion: """
            Starts wallet-server, beside this wallet (swift build makes both), with these arguments: \
            --listen ADDRESS (127.0.0.1 by default; another address needs --open, --passphrase or \
            --authorized-keys), --port N (2222), --open, --passphrase WORDS, --authorized-keys FILE, \
            --presenter-key FILE, --host-key FILE, --max-sessions N, --connections-per-minute N, \
            --idle-timeout MINUTES, --session-memory MIB, --session-cpu SECONDS. Attendees type \
            ssh -p 2222 HOST; followers ssh -p 2222 watch@HOST; the presenter presenter@HOST.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("wallet-server's options.", valueName: "option"))
    var options: [String] = []

    func run() throws {
        let server = Self.besideThisExecutable("wallet-server")
        guard access(server, X_OK) == 0 else {
            throw ValidationError("wallet-server is not beside this wallet (\(server)); build it with swift build, which makes both "
                + "(swift run builds only the one it runs), then run this again")
        }
        let argv = ([server] + options).map { strdup($0) } + [nil]
        execv(server, argv)
        throw ValidationError("wallet-server could not start: \(String(cString: strerror(errno)))")
    }

    /// `name` in the folder of the running executable.
    static func besideThisExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        let me = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }
}
