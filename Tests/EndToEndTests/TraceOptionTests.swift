#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// `--trace`: the engine's steps, written where a bug report or a workshop can read them.
@Suite("The --trace option")
struct TraceOptionTests {
    @Test("--trace - writes Send's unwind search to standard error, and the screen still goes to standard output")
    func traceOfSend() async throws {
        let result = try await ProcessRunner.run(
            try WalletBinary.url(),
            ["--headless", "--trace", "-", "--keys", "n<down><down><enter>12.34<enter><wait 3>"],
            environment: WalletBinary.environment
        )
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("€ 5,419.67"))
        let trace = result.standardError.lines.map(String.init)
        let search = [
            "unwind sendTransaction: from TransactionViewController \"Amount\"",
            "  ask ContactsViewController \"Contacts\" canPerformUnwindSegueAction(sendTransaction:) → false (no such action)",
            "  ask NavigationController (root \"Contacts\") canPerformUnwindSegueAction(sendTransaction:) → false (no such action)",
            "  ask WalletViewController \"Wallet\" canPerformUnwindSegueAction(sendTransaction:) → true (implements sendTransaction:)",
        ]
        let start = try #require(trace.firstIndex(of: search[0]), "no unwind in the trace:\n\(result.standardError)")
        #expect(Array(trace[start..<min(trace.count, start + search.count)]) == search)
        #expect(trace.contains("WalletViewController \"Wallet\".sendTransaction(_:)"))
    }

    @Test("--trace FILE writes the same steps to a file")
    func traceToFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-trace-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ProcessRunner.run(
            try WalletBinary.url(), ["--headless", "--trace", file.path, "--keys", "n<esc>"], environment: WalletBinary.environment
        )
        #expect(result.status == 0)
        let trace = try String(contentsOf: file, encoding: .utf8)
        #expect(trace.contains("unwind cancel: from ContactsViewController \"Contacts\""))
        #expect(trace.contains("destination WalletViewController \"Wallet\""))
    }
}

/// `--trace FILE` opens FILE as a shell's `>` does: it writes into what is there (a file, the
/// file a link points to, a FIFO, a device) and never replaces it; what cannot be written is
/// refused with the reason, and a write that fails later is reported once while the app goes on.
///
/// Only /dev/null and /dev/full are opened from the real /dev, and only by the fixed code: the
/// old code replaced its path with a regular file (an atomic rename), which the link, FIFO and
/// read-only file tests show on files of their own. macOS has no /dev/full; a full pipe stands for
/// it there (and runs here too), for standard output and error, which the app does not open.
@Suite("Where --trace writes")
struct TraceDestinationTests {
    private let keys = ["--keys", "n<esc>"]

    /// The wallet with its standard output or error sent to `target` by sh (`>` or `2>`).
    private func runWalletThroughShell(_ arguments: [String], redirecting redirection: String) async throws -> ProcessResult {
        try await ProcessRunner.run(
            try ProcessRunner.find("sh"), ["-c", "exec \"$@\" \(redirection)", "sh", try WalletBinary.url().path] + arguments,
            environment: WalletBinary.environment
        )
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    private let cancelTrace = "unwind cancel: from ContactsViewController \"Contacts\""

    @Test("--trace through a symbolic link writes the file it points to, and the link stays a link")
    func symbolicLink() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.log"), link = directory.appendingPathComponent("link.log")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)

        let result = try await runWallet(["--headless", "--trace", link.path] + keys)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(fileType(link.path) == S_IFLNK, "the link was replaced")
        let trace = try String(contentsOf: target, encoding: .utf8)
        #expect(trace.contains(cancelTrace), "the file the link points to has: \(trace)")
        #expect(!trace.contains("old"), "not truncated, as > would: \(trace)")
    }

    @Test("--trace into a FIFO gives the trace to its reader, and the FIFO stays a FIFO")
    func fifo() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("trace.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo failed: errno \(errno)")

        // The test is the reader, open before the app starts (O_NONBLOCK opens a FIFO's read end
        // without waiting for a writer): a reader process started from the test pool did not
        // start within 30 s on a busy machine (issue 32), and the app waited for it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0, "cannot open the FIFO to read: errno \(errno)")
        defer { close(reader) }
        let result = try await runWallet(["--headless", "--trace", fifo] + keys)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(fileType(fifo) == S_IFIFO, "the FIFO was replaced")
        // The app has ended: what it wrote waits in the FIFO, and then its end.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains(cancelTrace), "the reader got: \(text)")
    }

    @Test("--trace to a file the user may not write is refused with the path and the reason, and the file is left as it was")
    func readOnlyFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder anyone may write, so that only the file's own mode protects it (a rename over
        // it, as the old code did, would be allowed).
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        let file = directory.appendingPathComponent("read-only.log")
        try Data("keep me\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        var before = stat()
        try #require(stat(file.path, &before) == 0)

        // root may write any file: the wallet runs as nobody then, as a user would (setpriv is
        // util-linux's; macOS runners run the tests as a user, where this path is not taken).
        let wallet = try WalletBinary.url().path
        let command = geteuid() == 0
            ? (try ProcessRunner.find("setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", "--", wallet])
            : (URL(fileURLWithPath: wallet), [])
        let result = try await ProcessRunner.run(
            command.0, command.1 + ["--headless", "--trace", file.path] + keys, environment: WalletBinary.environment
        )
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("cannot write the trace to \"\(file.path)\": Permission denied"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "the app ran without its trace: \(result.standardOutput)")
        var after = stat()
        try #require(stat(file.path, &after) == 0)
        #expect(after.st_ino == before.st_ino, "the file was replaced")
        #expect(after.st_mode & 0o777 == 0o444)
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
    }

    @Test("--trace to a folder or into a missing folder is refused with the reason", arguments: [
        ("/", "Is a directory"), ("/nonexistent-wallet-folder/trace.log", "No such file or directory"),
    ])
    func unwritablePaths(path: String, reason: String) async throws {
        let result = try await runWallet(["--headless", "--trace", path] + keys)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("cannot write the trace to \"\(path)\": \(reason)"), "\(result.standardError)")
    }

    @Test("--trace /dev/null writes into the device and leaves it a device")
    func devNull() async throws {
        let result = try await runWallet(["--headless", "--trace", "/dev/null"] + keys)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(fileType("/dev/null") == S_IFCHR)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test("--trace /dev/full: the failed write is reported once, and the run goes on to its screen", .enabled(if: Platform.hasDevFull))
    func devFull() async throws {
        let result = try await runWallet(["--headless", "--trace", "/dev/full", "--keys", "n<esc>n<esc>"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("New Transfer"), "\(result.standardOutput)")
        let reports = result.standardError.lines.filter { $0.contains("cannot write the trace to \"/dev/full\": No space left on device") }
        #expect(reports.count == 1, "\(result.standardError)")
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test("--trace - with standard error on /dev/full does not trap: the run goes on to its screen", .enabled(if: Platform.hasDevFull))
    func standardErrorFull() async throws {
        let result = try await runWalletThroughShell(["--headless", "--trace", "-"] + keys, redirecting: "2>/dev/full")
        #expect(result.status == 0, "exit \(result.status)")
        #expect(result.standardOutput.contains("New Transfer"), "\(result.standardOutput)")
    }

    @Test("--trace - into a pipe whose reader has gone: no SIGPIPE, the run goes on to its screen")
    func closedPipe() async throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = try WalletBinary.url()
        process.arguments = ["--headless", "--trace", "-"] + keys
        process.environment = WalletBinary.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = pipe.fileHandleForWriting
        try withSignalsUnblocked { try process.run() }
        try pipe.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0,
                "ended by \(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus)")
        #expect(try String(contentsOf: output, encoding: .utf8).contains("New Transfer"))
    }

    @Test("--trace - with standard error on a full pipe does not trap: the run goes on to its screen")
    func standardErrorFullPipe() async throws {
        let full = try FullPipe()
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless", "--trace", "-"] + keys,
                                                 environment: WalletBinary.environment, standardError: full.writer)
        #expect(result.status == 0, "exit \(result.status)")
        #expect(result.standardOutput.contains("New Transfer"), "\(result.standardOutput)")
    }

    @Test("A headless run whose standard output is a full pipe exits 1 and says why")
    func standardOutputFullPipe() async throws {
        let full = try FullPipe()
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless"] + keys,
                                                 environment: WalletBinary.environment, standardOutput: full.writer)
        #expect(result.status == 1, "exit \(result.status)")
        #expect(result.standardError.contains("cannot write the screen to standard output: Resource temporarily unavailable"),
                "\(result.standardError)")
    }

    @Test("A headless run whose standard output cannot be written exits 1 and says so", .enabled(if: Platform.hasDevFull))
    func standardOutputFull() async throws {
        let result = try await runWalletThroughShell(["--headless"] + keys, redirecting: ">/dev/full")
        #expect(result.status == 1, "exit \(result.status)")
        #expect(result.standardError.contains("cannot write the screen to standard output: No space left on device"), "\(result.standardError)")
    }
}
