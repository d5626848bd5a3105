import Foundation
import Testing

/// The suite itself: every numbered rule of the brief has its file and its storyboard here.
@Suite("Conformance: the suite")
struct ConformanceSuiteTests {
    @Test("Every rule of the brief, 1 to 28, has a test file RuleNN…Tests.swift and a storyboard RuleNN-….storyboard")
    func everyRuleHasATestAndAStoryboard() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let storyboards = tests.deletingLastPathComponent().appendingPathComponent("Storyboards/Conformance")
        func ruleNumbers(in folder: URL, suffix: String) throws -> Set<Int> {
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap { name in
                guard name.hasPrefix("Rule"), name.hasSuffix(suffix) else { return nil }
                return Int(name.dropFirst("Rule".count).prefix(2))
            })
        }
        #expect(try ruleNumbers(in: tests, suffix: "Tests.swift") == Set(1...28))
        #expect(try ruleNumbers(in: storyboards, suffix: ".storyboard") == Set(1...28))
    }
}
