@testable import Serving
import Testing

/// The server's log as the presenter's terminal shows it (issue 43): whatever a client chose to
/// be called, a line is one line, with no control character, and each value reads as one.
@Suite struct ServerLogTests {
    @Test func everyControlCharacterInAUserNameIsEscaped() {
        let controls = (0..<0x20).map { UnicodeScalar(UInt8($0)) } + [Unicode.Scalar(UInt8(0x7F))] + (0x80...0x9F).map { UnicodeScalar(UInt8($0)) }
        for control in controls {
            let user = "bob" + String(Character(control)) + "FAKE info wallet-serve: user=presenter joined"
            let line = ServerLogHandler.line(time: "T", level: .info, label: "wallet-serve", metadata: ["user": .string(user), "address": "127.0.0.1"],
                                             message: "login failed")
            #expect(line.hasSuffix("login failed\n"))
            #expect(line.dropLast().unicodeScalars.allSatisfy { !($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }, "\(control.value)")
            #expect(line.filter { $0 == "\n" }.count == 1)
        }
        let line = ServerLogHandler.line(time: "T", level: .notice, label: "wallet-serve",
                                         metadata: ["user": "bob\u{1B}]0;pwned\u{07}", "role": "attendee", "reason": "x\ny"], message: "a\rb")
        #expect(line == #"T notice wallet-serve: reason="x\ny" role=attendee user="bob\u{1b}]0;pwned\u{7}" a\rb"# + "\n")
    }

    @Test func aValueThatCouldReadAsAnotherIsQuoted() {
        #expect(LogText.field("presenter") == "presenter")
        #expect(LogText.field("presenter ") == #""presenter ""#)
        #expect(LogText.field("") == #""""#)
        #expect(LogText.field("a=b") == #""a=b""#)
        #expect(LogText.field(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        // Text that reorders what a line shows, or ends it for some readers, is escaped too.
        #expect(LogText.field("a\u{202E}b\u{2028}c") == #""a\u{202e}b\u{2028}c""#)
        #expect(LogText.field("Ünïcödé") == "Ünïcödé")
    }
}
