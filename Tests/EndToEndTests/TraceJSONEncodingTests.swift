import Foundation
import Testing
@testable import WalletCLI

/// The trace's hand-written JSON: every string escaped as RFC 8259 asks.
@Suite("The JSON the trace writes")
struct TraceJSONEncodingTests {
    @Test("Every control character, quote and backslash is escaped, and the text parses back to the same string")
    func escaping() throws {
        let text = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\"\\/\u{7F}€\u{2028}\u{2029}𝄞"
        let json = JSONValue.object([("text", .string(text)), ("n", .number(-3)), ("b", .bool(true)), ("z", .null)]).text
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 }, "\(json)")
        #expect(json.hasPrefix(#"{"text":"\u0000\u0001"#), "\(json)")
        #expect(json.contains(#"\b\t\n\u000b\f\r\u000e"#), "\(json)")
        #expect(json.contains(#"\u001f\"\\/"#), "\(json)")
        #expect(json.hasSuffix(#"€\u2028\u2029𝄞","n":-3,"b":true,"z":null}"#), "\(json)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(parsed["text"] as? String == text)
        #expect(parsed["n"] as? Int == -3)
    }
}
