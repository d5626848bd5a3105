import Foundation
import Testing

/// Every example a command's `--help` gives runs as written, from the repository's root: a
/// presenter copies them.
@Suite("The examples in --help")
struct HelpExamplesTests {
    static let commands = [[], ["catalog"], ["storyboard"], ["storyboard", "run"], ["storyboard", "lint"], ["storyboard", "graph"]]

    /// The example lines of a help text: those that start with two blanks and `wallet `.
    static func examples(in help: String) -> [String] {
        help.split(separator: "\n").filter { $0.hasPrefix("  wallet ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("Each example of each command's help runs: an app headless (q quits it), lint and graph without a usage error",
          arguments: commands.map { $0.joined(separator: " ") })
    func examplesRun(command: String) async throws {
        let help = try await runWallet(command.split(separator: " ").map(String.init) + ["--help"])
        let examples = Self.examples(in: help.standardOutput)
        #expect(!examples.isEmpty || command.isEmpty, "no examples in wallet \(command) --help")
        let wallet = try WalletBinary.url().path
        for example in examples {
            // A pipe or a redirection sends the output elsewhere: the command before it is the example.
            var line = example.components(separatedBy: " |").first!.components(separatedBy: " >").first!
            let runsApp = !line.contains("storyboard lint") && !line.contains("storyboard graph")
            if runsApp, !line.contains("--headless") { line += " --headless --keys q" }
            let script = "cd \(shellQuoted(packageRoot.path)) && exec \(shellQuoted(wallet))" + line.dropFirst("wallet".count)
            let result = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: WalletBinary.environment)
            if runsApp {
                #expect(result.status == 0, "\(example): \(result.standardError)")
            } else {
                #expect(result.status == 0 || result.status == 1, "\(example): \(result.standardError)")
                #expect(!result.standardError.contains("Usage:") && !result.standardError.contains("cannot read"), "\(example): \(result.standardError)")
            }
        }
    }
}
