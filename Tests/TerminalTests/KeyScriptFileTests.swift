import Terminal
import Testing

@Suite("Key scripts for --keys-file")
struct KeyScriptFileTests {
    @Test("A script has at most 10,000 steps, in --keys and in a file, lines and all")
    func stepLimit() throws {
        #expect(try KeyNotation.parse(String(repeating: "a", count: KeyNotation.maximumSteps)).count == KeyNotation.maximumSteps)
        #expect(throws: KeyNotation.ParseError.self) { try KeyNotation.parse(String(repeating: "a", count: KeyNotation.maximumSteps + 1)) }
        let lines = String(repeating: "<down><up>\n", count: KeyNotation.maximumSteps / 2)
        #expect(try KeyNotation.parse(file: lines).count == KeyNotation.maximumSteps)
        #expect(throws: KeyNotation.ParseError.self) { try KeyNotation.parse(file: lines + "x") }
    }

    @Test("Line breaks (\\n, \\r\\n) press nothing and lines starting with # are comments")
    func commentsAndLineBreaks() throws {
        let steps = try KeyNotation.parse(file: "# open Contacts\nn\r\n<down>\n\n  # typed: a space then this\n")
        #expect(steps == [.press(.character("n")), .press(.down)] + "  # typed: a space then this".map { .press(.character($0)) })
    }

    @Test("A # after the start of a line is typed, and <hash> types one at the start")
    func hashes() throws {
        #expect(try KeyNotation.parse(file: "a#b\n<hash>1") == "a#b#1".map { .press(.character($0)) })
    }

    @Test("A mistake names its line")
    func mistakeNamesItsLine() {
        #expect(throws: KeyNotation.ParseError.self) { try KeyNotation.parse(file: "n\n# <nope>\n<nope>") }
        do {
            _ = try KeyNotation.parse(file: "n\n# <nope>\n<nope>")
        } catch {
            #expect(error.message.hasPrefix("line 3: unknown key <nope>"), "\(error.message)")
        }
    }
}
