import Foundation
@testable import Storyboards
import Testing

/// The binary run directly (`--headless`), no terminal needed.
@Suite("Headless runs and storyboard errors")
struct StoryboardErrorTests {
    /// The stderr line that begins `FILE:LINE: error: ` for `file` (its path, or its name).
    private func errorLine(in standardError: String, file: URL, line: Int) -> Substring? {
        standardError.lines.first { text in
            [file.path, file.lastPathComponent].contains { text.hasPrefix("\($0):\(line): error: ") }
        }
    }

    @Test("A storyboard that cannot load: non-zero exit, nothing on stdout, FILE:LINE: error: on stderr at the line of the fault",
          arguments: [
              // Line 8 closes `<viewController>` while its `<view>` (line 7) is open.
              ("Broken.storyboard", 8, "</viewController>"),
              // Well-formed, but the view controller on line 6 has a class the app does not know.
              ("Unknown.storyboard", 6, "NoSuchViewController"),
          ])
    func storyboardThatCannotLoad(name: String, line: Int, named: String) async throws {
        let file = fixture(name)
        let result = try await runWallet(["--headless", "--storyboard", file.path])
        #expect(result.status != 0)
        let error = errorLine(in: result.standardError, file: file, line: line)
        #expect(error != nil, "no \"\(name):\(line): error: …\" on stderr:\n\(result.standardError)")
        #expect(error?.contains(named) == true, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "a screen was printed anyway:\n\(result.standardOutput)")
    }

    @Test("--headless --keys runs the send flow and prints the wallet with € 5,419.67")
    func headlessSendFlow() async throws {
        let result = try await runWallet(["--headless", "--keys", "n<down><down><enter>12.34<enter><wait 3>"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("€ 5,419.67"), "\(result.standardOutput)")
        #expect(result.standardOutput.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") },
                "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("Sending…"))
    }

    @Test("--headless --keys '<nope>' fails and names the unknown key")
    func unknownKeyInScript() async throws {
        let result = try await runWallet(["--headless", "--keys", "<nope>"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("<nope>"), "stderr: \(result.standardError)")
        #expect(result.standardError.contains("unknown key"), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
    }

    @Test("--keys takes a script that starts with a minus, as typing one in the amount field does")
    func scriptStartingWithMinus() async throws {
        let result = try await runWallet(["--headless", "--keys", "-n<down><down><enter>-5<enter>"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("Enter an amount above zero."))
    }
}
