import Foundation
import Testing

/// `wallet results FILE` as a presenter runs it after the talk (issue 47): a file that two runs of
/// the server appended to, a taken-back question, a question left open at the end, wrong tries
/// before success, someone stuck; as text at 80 columns and as CSV, each kept in the repository.
@Suite struct ResultsCommandTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Results")

    private func expected(_ name: String) throws -> String {
        try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("The summary of two runs: per question its run, poll, answer, answered, right and share; per exercise who tried, finished, the median tries and who is stuck")
    func twoRunsSummedUp() async throws {
        let file = Self.folder.appendingPathComponent("two-runs.jsonl").path
        let text = try await runWallet(["results", file])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == (try expected("two-runs.txt")))
        #expect(text.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 }, "lines of at most 80 columns")
        // The median of 3, 1 and 1 tries is 1; the one who tried exercise 2 and did not finish is stuck.
        #expect(text.standardOutput.contains("       1      3         3             1  0"))
        #expect(text.standardOutput.contains("1 (person 5f3a9c21/2)"))
        let questions = try await runWallet(["results", file, "--csv", "questions"])
        #expect(questions.standardOutput == (try expected("two-runs-questions.csv")))
        let exercises = try await runWallet(["results", file, "--csv", "exercises"])
        #expect(exercises.standardOutput == (try expected("two-runs-exercises.csv")))
    }

    /// Issue 47: an error in a subcommand printed `wallet <options> <subcommand>`.
    @Test("A file that is missing or is no results file is said so, with the usage of wallet results")
    func notAResultsFile() async throws {
        let missing = try await runWallet(["results", "/nonexistent/results.jsonl"])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("no file at \"/nonexistent/results.jsonl\""), "\(missing.standardError)")
        #expect(missing.standardError.contains("Usage: wallet results <file>"), "\(missing.standardError)")
        #expect(missing.standardError.contains("See 'wallet results --help'"), "\(missing.standardError)")
        let other = try await runWallet(["results", Self.folder.appendingPathComponent("two-runs.txt").path])
        #expect(other.status == 64)
        #expect(other.standardError.contains("has no line of wallet serve's results"), "\(other.standardError)")
    }
}
