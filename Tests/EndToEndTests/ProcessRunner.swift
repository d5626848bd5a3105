import Foundation
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the end-to-end machinery (or of the app under test), with what was seen.
struct EndToEndError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What a finished process left behind.
struct ProcessResult: Sendable {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum ProcessRunner {
    /// Runs `executable` with `arguments` to its end (or until `timeout` passes, then kills it
    /// and throws: a guard against a hang, not a measure of speed; with both cores held busy and
    /// the suite's processes beside it, a run that fails at once took over 30 s to start), its output and error going to temporary files so that neither pipe can fill.
    /// Standard input is `input` (a file), or empty; it runs in `workingDirectory`, or in this one.
    /// `standardOutput` and `standardError` send either elsewhere (what the result holds of it is then empty).
    static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: URL? = nil,
        in workingDirectory: URL? = nil,
        standardOutput outputOverride: FileHandle? = nil,
        standardError errorOverride: FileHandle? = nil,
        timeout: Duration = .seconds(120)
    ) async throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wallet-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        process.standardOutput = outputOverride ?? out
        process.standardError = errorOverride ?? err
        if let environment { process.environment = environment }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        try withSignalsUnblocked { try process.run() }

        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw EndToEndError("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) did not finish within \(timeout); killed it")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        )
    }

    /// The first executable called `name` on PATH (or in the usual places).
    static func find(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw EndToEndError("\(name) is not installed (looked on PATH: \(path))")
    }
}

enum WalletBinary {
    /// The `wallet` executable that `swift build` put next to this test code (`Platform.buildDirectory`).
    /// `WALLET_E2E_BINARY` names another one, to run these tests against an older build.
    static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["WALLET_E2E_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let directory = Platform.buildDirectory()
        let wallet = directory.appendingPathComponent("wallet")
        guard FileManager.default.isExecutableFile(atPath: wallet.path) else {
            throw EndToEndError("""
                the wallet executable is missing: expected it at \(wallet.path), next to the tests. \
                Build it first: swift build --build-tests
                """)
        }
        return wallet
    }

    /// The environment every run of the app gets.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["TMUX_PANE"] = nil
        environment["NO_COLOR"] = nil
        environment["LANG"] = UTF8Locale.name
        environment["LC_ALL"] = nil
        environment["TERM"] = "xterm-256color"
        return environment
    }
}

/// `'…'` for sh, whatever the text holds.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Runs `body` (which starts a process) with no signal blocked on this thread. A child inherits
/// the signal mask of the thread that spawns it, and Swift's worker threads block most signals:
/// a tmux server started from one would never see SIGCHLD, SIGHUP or SIGTERM, and would hang on
/// `kill-server`.
func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
    var none = sigset_t()
    var previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
}

/// The wallet binary run with `arguments`, its standard input from `input` if given.
func runWallet(_ arguments: [String], input: URL? = nil) async throws -> ProcessResult {
    try await ProcessRunner.run(try WalletBinary.url(), arguments, environment: WalletBinary.environment, input: input)
}
