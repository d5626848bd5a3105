import Foundation
import TestSupport
import Testing

/// Issue 15's defects 6, 7 and 9 from the command line: an output option never replaces a file
/// the run reads, a key script is a regular file of bounded length.
@Suite("Outputs spare inputs")
struct OutputOverInputTests {
    private let folder: TemporaryFolder
    private var directory: URL { folder.url }

    init() throws { folder = try TemporaryFolder("outputs") }

    private func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private func run(_ arguments: [String]) async throws -> ProcessResult {
        // Relative paths are the directory's: the process runs there.
        try await ProcessRunner.run(try WalletBinary.url(), arguments, environment: WalletBinary.environment, in: directory)
    }

    @Test("--trace over the --storyboard file, however spelled, is refused naming both, and the storyboard is kept")
    func traceOverStoryboard() async throws {
        let storyboard = HostileStoryboards.references(to: ["Detail"])
        try storyboard.write(to: url("M.storyboard"), atomically: false, encoding: .utf8)
        try HostileStoryboards.single.write(to: url("Detail.storyboard"), atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(at: url("M.storyboard"), to: url("Link.storyboard"))
        for (input, output) in [("M.storyboard", "M.storyboard"), ("M.storyboard", "./M.storyboard"), ("./M.storyboard", "Link.storyboard"),
                                ("M.storyboard", "Detail.storyboard")] {
            for (command, named) in [(["storyboard", "run", input], "FILE"), (["--storyboard", input], "--storyboard")] {
                let result = try await run(command + ["--headless", "--keys", "q", "--trace", output])
                // The storyboard given is named by what gave it; one its references opened, by its path.
                let input = output == "Detail.storyboard" ? "the storyboard \"Detail.storyboard\"" : "\(named) \"\(input)\""
                #expect(result.status == 64, "\(command) --trace \(output): \(result.standardError)")
                #expect(result.standardError.contains("--trace \"\(output)\" is the same file as \(input)"), "\(result.standardError)")
            }
        }
        #expect(try String(contentsOf: url("M.storyboard"), encoding: .utf8) == storyboard)
        #expect(try String(contentsOf: url("Detail.storyboard"), encoding: .utf8) == HostileStoryboards.single)
    }

    @Test("--trace over the --keys-file or --play script is refused naming both, and the script is kept")
    func traceOverScript() async throws {
        let script = "# the Send story\nn<down><down><enter>\n"
        try script.write(to: url("s.keys"), atomically: false, encoding: .utf8)
        for option in ["--keys-file", "--play"] {
            let result = try await run(["--headless", option, "s.keys", "--trace", "./s.keys"])
            #expect(result.status == 64)
            #expect(result.standardError.contains("--trace \"./s.keys\" is the same file as \(option) \"s.keys\""), "\(result.standardError)")
        }
        #expect(try String(contentsOf: url("s.keys"), encoding: .utf8) == script)
    }

    @Test("--record over the --play demo, in a real terminal, is refused naming both, and the demo is kept")
    func recordOverPlay() async throws {
        let demo = "# the Send story\nn<down><down><enter><pause>\n"
        try demo.write(to: url("demo.keys"), atomically: false, encoding: .utf8)
        // With --overwrite too: a recording never replaces the script it plays.
        let session = try await TmuxSession(arguments: ["--play", url("demo.keys").path, "--record", directory.path + "/./demo.keys", "--overwrite"],
                                            width: 220)
        defer { session.kill() }
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 64, "\(ending.screen)")
        #expect(ending.screen.contains("/./demo.keys\" is the same file as --play"), "\(ending.screen)")
        #expect(ending.settingsUnchanged)
        #expect(try String(contentsOf: url("demo.keys"), encoding: .utf8) == demo)
    }

    @Test("A trace to a new file, or to /dev/null beside a /dev/null script, still runs")
    func distinctFilesRun() async throws {
        try "q".write(to: url("s.keys"), atomically: false, encoding: .utf8)
        #expect(try await run(["--headless", "--keys-file", "s.keys", "--trace", "t.log"]).status == 0)
        #expect(try await run(["--headless", "--keys", "q", "--trace", "/dev/null"]).status == 0)
    }

    @Test("--keys-file on a FIFO nobody writes is refused, not waited on")
    func fifoKeysFile() async throws {
        #expect(mkfifo(url("f.keys").path, 0o600) == 0)
        let result = try await run(["--headless", "--keys-file", "f.keys"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("a FIFO or pipe"), "\(result.standardError)")
    }

    @Test("A key script of more than 10,000 steps is refused with the limit (KeyScriptFileTests: 10,000 are read)")
    func stepLimit() async throws {
        try String(repeating: "<down><up>", count: 5_001).write(to: url("more.keys"), atomically: false, encoding: .utf8)
        let refused = try await run(["--headless", "--keys-file", "more.keys"])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("more than 10000 steps"), "\(refused.standardError)")
    }
}
