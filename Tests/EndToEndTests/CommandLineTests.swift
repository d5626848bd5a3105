import Foundation
import Testing

/// The `wallet` command's options: every mistake gets a message that says what is wrong and
/// what is allowed, and long key scripts do not depend on the shell's argument limit.
@Suite("The command line")
struct CommandLineTests {
    private func temporaryFile(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-keys-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("A negative number gets the message about its range, not \"Missing value\"", arguments: [
        (["--network-delay", "-1"], "--network-delay must be a number of seconds from 0 to 3600"),
        (["--headless", "--size", "-1x5"], "--size must be COLUMNSxROWS, each from 1 to 1000"),
        (["--seed", "-1"], "needs a whole number from 0 to 18446744073709551615"),
        (["--failure-rate", "-0.5"], "--failure-rate must be between 0 and 1"),
    ])
    func negativeNumbers(arguments: [String], message: String) async throws {
        let result = try await runWallet(arguments)
        #expect(result.status != 0)
        #expect(!result.standardError.contains("Missing value"), "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test("--size takes exactly COLUMNSxROWS: x80x24, 80x24x, 80x, +80x24 and 80 x24 are refused", arguments: ["x80x24", "80x24x", "80x", "+80x24", "80 x24", "80xx24"])
    func malformedSize(size: String) async throws {
        let result = try await runWallet(["--headless", "--size", size, "--keys", "n"])
        #expect(result.status != 0, "--size \(size) was accepted:\n\(result.standardOutput)")
        #expect(result.standardError.contains("--size must be COLUMNSxROWS"), "\(result.standardError)")
    }

    @Test("--network-delay beyond 3600 seconds (1e308, inf, nan) is refused with the bound", arguments: ["1e308", "3600.5", "inf", "nan"])
    func unboundedNetworkDelay(delay: String) async throws {
        let result = try await runWallet(["--network-delay", delay, "--headless", "--keys", "n"])
        #expect(result.status != 0, "--network-delay \(delay) was accepted")
        #expect(result.standardError.contains("from 0 to 3600"), "\(result.standardError)")
    }

    @Test("Without a terminal the message names the app once: \"wallet: needs a terminal…\"")
    func notATerminalMessage() async throws {
        let result = try await runWallet([])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("wallet: needs a terminal"), "\(result.standardError)")
        #expect(!result.standardError.contains("wallet: wallet"), "\(result.standardError)")
        #expect(result.standardError.contains("--headless"), "\(result.standardError)")
    }

    @Test("--help lists every key name of the script notation, <del> included, and Ctrl-Z")
    func helpListsEveryKey() async throws {
        let result = try await runWallet(["--help"])
        #expect(result.status == 0)
        for name in ["<enter>", "<esc>", "<tab>", "<s-tab>", "<bs>", "<del>", "<pgup>", "<pgdn>", "<home>", "<end>", "<lt>", "<wait S>"] {
            #expect(result.standardOutput.contains(name), "--help lacks \(name):\n\(result.standardOutput)")
        }
        #expect(result.standardOutput.contains("Ctrl-Z"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("--keys-file"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("--version"), "\(result.standardOutput)")
    }

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = try await runWallet(["--version"])
        #expect(result.status == 0, "\(result.standardError)")
        let version = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil },
                "not a version: \(result.standardOutput)")
    }

    @Test("--keys-file runs a 200 KiB script (over the shell's 128 KiB argument limit) with comments and line breaks")
    func longKeysFile() async throws {
        // Mostly comments: each key is a full step of the app, and the point is the file's size.
        var script = ""
        let comment = "# " + String(repeating: "a comment the script skips, ", count: 3) + "\n"
        while script.utf8.count < 100 * 1024 { script += comment }
        script += "n\n<down>\n<down>\n<enter>\n# the amount, then Send\n12.34\n<enter>\n<wait 3>\n"
        while script.utf8.count < 200 * 1024 { script += comment }
        let file = try temporaryFile(script)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file).count > 128 * 1024)

        let result = try await runWallet(["--headless", "--keys-file", file.path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("€ 5,419.67"), "\(result.standardOutput)")
        #expect(result.standardOutput.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") },
                "\(result.standardOutput)")
    }

    @Test("--keys-file - reads the script from standard input")
    func keysFromStandardInput() async throws {
        let file = try temporaryFile("# open Contacts, then the third one\nn<down><down>\n<enter>\n12.34<enter><wait 3>\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await runWallet(["--headless", "--keys-file", "-"], input: file)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("€ 5,419.67"), "\(result.standardOutput)")
    }

    @Test("A mistake in --keys-file names the line; a missing file names the path and the reason")
    func keysFileMistakes() async throws {
        let file = try temporaryFile("# fine\nn\n<nope>\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let bad = try await runWallet(["--headless", "--keys-file", file.path])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("line 3: unknown key <nope>"), "\(bad.standardError)")

        let missing = try await runWallet(["--headless", "--keys-file", "/nonexistent/keys.txt"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("\"/nonexistent/keys.txt\": No such file or directory"), "\(missing.standardError)")
    }

    @Test("--keys with --keys-file, and --keys-file or --size without --headless, are refused", arguments: [
        (["--headless", "--keys", "n", "--keys-file", "-"], "not both"),
        (["--keys-file", "-"], "--keys-file is for --headless runs; add --headless"),
        (["--size", "80x24"], "--size is for --headless runs"),
    ])
    func keysFileConflicts(arguments: [String], message: String) async throws {
        try await expectRefused(arguments, saying: message)
    }

    @Test("--size beyond 1000 says what the limit is")
    func sizeLimit() async throws {
        let result = try await runWallet(["--headless", "--size", "1001x24", "--keys", "n"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("each from 1 to 1000"), "\(result.standardError)")
    }

    // MARK: Files given to a run that cannot start

    @Test("Without a terminal, --record and --trace leave the files they name as they were: an earlier demo is not emptied")
    func noTerminalKeepsFiles() async throws {
        for option in ["--record", "--trace"] {
            let file = try temporaryFile("n<down><down><enter>\n# last week's demo\n")
            defer { try? FileManager.default.removeItem(at: file) }
            // Standard input and output are not a terminal here, as over ssh without -t or in a pipe;
            // --overwrite, so that the file is kept for want of a terminal, not as a recording is
            // without it.
            let result = try await runWallet([option, file.path] + (option == "--record" ? ["--overwrite"] : []))
            #expect(result.status == 1)
            #expect(result.standardError.contains("wallet: needs a terminal"), "\(result.standardError)")
            let after = try String(contentsOf: file, encoding: .utf8)
            #expect(after == "n<down><down><enter>\n# last week's demo\n", "\(option) emptied \(file.path) and then refused to run")
        }
    }

    @Test("--record - is refused with a message, not written to a file named -")
    func recordToStandardOutputIsRefused() async throws {
        let stray = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("-")
        let existed = FileManager.default.fileExists(atPath: stray.path)
        let result = try await runWallet(["--record", "-"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--record - would write the script into the terminal"), "\(result.standardError)")
        #expect(existed || !FileManager.default.fileExists(atPath: stray.path), "a file named - was made")
    }
}

@Suite("Suggestions for an unknown option")
struct UnknownOptionTests {
    @Test("A typo is offered the option it misspells; a name nothing like any option is offered none, not --mouse for --bogus",
          arguments: [("--inspectr", "--inspector"), ("--mous", "--mouse"), ("--bogus", nil), ("--xyz", nil)] as [(String, String?)])
    func suggestion(given: String, suggested: String?) async throws {
        let result = try await runWallet([given])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: Unknown option '\(given)'"), "\(result.standardError)")
        if let suggested {
            #expect(result.standardError.contains("Did you mean '\(suggested)'?"), "\(result.standardError)")
        } else {
            #expect(!result.standardError.contains("Did you mean"), "\(result.standardError)")
        }
        #expect(result.standardError.contains("See 'wallet --help' for more information."), "\(result.standardError)")
    }
}
