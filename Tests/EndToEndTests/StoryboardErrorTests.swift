import Foundation
@testable import Storyboards
import Testing

/// The binary run directly (`--headless`), no terminal needed.
@Suite("Headless runs and storyboard errors")
struct StoryboardErrorTests {
    /// A storyboard whose line 8 closes `<viewController>` while its `<view>` (line 7) is open.
    static let malformedStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="a" sceneMemberID="viewController">
                            <view key="view" id="v">
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    /// Well-formed, but the view controller on line 6 has a class the app does not know.
    static let unknownClassStoryboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="a" customClass="NoSuchViewController" sceneMemberID="viewController">
                            <view key="view" id="v"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """

    private func withTemporaryStoryboard<T>(
        named name: String, _ text: String, _ body: (URL) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wallet-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return try await body(file)
    }

    private func runWallet(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run(try WalletBinary.url(), arguments, environment: WalletBinary.environment)
    }

    /// The stderr line that begins `FILE:LINE: error: ` for `file` (its path, or its name).
    private func errorLine(in standardError: String, file: URL, line: Int) -> Substring? {
        standardError.lines.first { text in
            [file.path, file.lastPathComponent].contains { text.hasPrefix("\($0):\(line): error: ") }
        }
    }

    @Test("A malformed storyboard: non-zero exit and FILE:LINE: error: on stderr, at the line of the bad tag")
    func malformedStoryboard() async throws {
        try await withTemporaryStoryboard(named: "Broken.storyboard", Self.malformedStoryboard) { file in
            let result = try await runWallet(["--headless", "--storyboard", file.path])
            #expect(result.status != 0)
            let line = errorLine(in: result.standardError, file: file, line: 8)
            #expect(line != nil, "no \"Broken.storyboard:8: error: …\" on stderr:\n\(result.standardError)")
            #expect(result.standardOutput.isEmpty, "a screen was printed anyway:\n\(result.standardOutput)")
        }
    }

    @Test("A storyboard with an unknown view controller class: non-zero exit, FILE:LINE: error: naming the class")
    func unknownClassStoryboard() async throws {
        try await withTemporaryStoryboard(named: "Unknown.storyboard", Self.unknownClassStoryboard) { file in
            let result = try await runWallet(["--headless", "--storyboard", file.path])
            #expect(result.status != 0)
            let line = errorLine(in: result.standardError, file: file, line: 6)
            #expect(line != nil, "no \"Unknown.storyboard:6: error: …\" on stderr:\n\(result.standardError)")
            #expect(line?.contains("NoSuchViewController") == true, "\(result.standardError)")
        }
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
