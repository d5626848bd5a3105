import Foundation
import Testing

/// The captures of the README and of the pages of `docs/` are what the app prints: a reader
/// who runs the command next to a capture sees the capture. Two forms are checked: a block followed by a paragraph that gives
/// the `wallet --headless …` command it is the output of, and a block whose first line is
/// `$ wallet …` (a shell line, pipes allowed) followed by its output.
@Suite("The README's captures")
struct ReadmeTests {
    struct Capture: CustomStringConvertible {
        let command: String
        let expected: String
        var description: String { command }
    }

    static func captures() throws -> [Capture] {
        try documentationPages().flatMap { page in
            try captures(in: String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8))
        }
    }

    static func captures(in text: String) -> [Capture] {
        let lines = text.components(separatedBy: "\n")
        var captures: [Capture] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else { index += 1; continue }
            guard let end = lines[(index + 1)...].firstIndex(of: "```") else { break }
            let block = Array(lines[(index + 1)..<end])
            // A block with a language (```sh) holds commands to type, not a capture.
            if lines[index] != "```" {
                // Nothing to check.
            } else if let first = block.first, first.hasPrefix("$ wallet ") {
                captures.append(Capture(command: String(first.dropFirst(2)), expected: block.dropFirst().joined(separator: "\n")))
            } else {
                // The paragraph after the block: its first `wallet --headless …` in backticks.
                let paragraph = lines[(end + 1)...].drop { $0.isEmpty }.prefix { !$0.isEmpty }.joined(separator: " ")
                if let command = Self.headlessCommand(in: paragraph) {
                    captures.append(Capture(command: command, expected: block.joined(separator: "\n")))
                }
            }
            index = end + 1
        }
        return captures
    }

    private static func headlessCommand(in paragraph: String) -> String? {
        guard let start = paragraph.range(of: "`wallet --headless") else { return nil }
        let rest = paragraph[paragraph.index(after: start.lowerBound)...]
        guard let close = rest.firstIndex(of: "`") else { return nil }
        return String(rest[..<close])
    }

    @Test("The README and the docs have captures to check: the wallet after Send, the inspector after Send, the trace of Send's search")
    func capturesAreFound() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!Self.captures(in: readme).isEmpty, "the README shows the screen")
        let commands = try Self.captures().map(\.command)
        #expect(commands.count >= 3, "\(commands)")
        #expect(commands.contains { $0.contains("<f2>") })
        #expect(commands.contains { $0.contains("--trace -") })
    }

    @Test("Each capture in the README is what its command prints", arguments: try ReadmeTests.captures())
    func captureIsTrue(_ capture: Capture) async throws {
        let wallet = try WalletBinary.url().path
        // `wallet` at the start of the line, or after a pipe, is the built binary.
        let command = "exec " + shellQuoted(wallet) + capture.command.dropFirst("wallet".count)
        let result = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command],
                                                 environment: WalletBinary.environment)
        let printed = result.standardOutput.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        let expected = capture.expected.components(separatedBy: "\n")
        let shown = Array(printed.prefix(expected.count))
        #expect(shown == expected,
                "the README's capture of `\(capture.command)` is out of date; it now prints:\n\(result.standardOutput)")
        let extra = printed.dropFirst(expected.count).filter { !$0.isEmpty }
        #expect(extra.isEmpty, "more printed than the README shows:\n\(result.standardOutput)")
    }

    @Test("The README's first screen says what it is and how to run it: swift run wallet and swift test within its first 25 lines")
    func frontDoor() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let first = readme.components(separatedBy: "\n").prefix(25)
        #expect(first.contains { $0.hasPrefix("swift run wallet ") }, "\(first.joined(separator: "\n"))")
        #expect(first.contains { $0.hasPrefix("swift test ") })
        #expect(first.contains { $0.contains("libncurses-dev") }, "the prerequisites follow the two commands")
    }

    @Test("The README and the docs name no folder outside the repository")
    func namesNothingOutside() throws {
        for page in try documentationPages() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
            #expect(!text.contains("../shared") && !text.contains("/work/"), "\(page) names a folder outside the repository")
            for link in text.components(separatedBy: "](").dropFirst().compactMap({ $0.split(separator: ")").first }) where !link.contains("://") {
                let target = link.split(separator: "#").first.map(String.init) ?? ""
                guard !target.isEmpty else { continue }
                let base = (page as NSString).deletingLastPathComponent
                let path = packageRoot.appendingPathComponent(base).appendingPathComponent(target).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: path), "\(page) links to \(link), which is not in the repository")
            }
        }
    }
}
