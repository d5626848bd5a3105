import Foundation
import Terminal
import TestSupport
import Testing
import Views
@testable import Wallet

/// A key in a text field costs the same however long the text is. Cost is counted, not timed:
/// the field reports every character it copies or moves for its own work.
@MainActor
@Suite("Typing cost")
struct TypingCostTests {
    private let context = PlainDrawing.context

    /// Types `count` characters, drawing the field in `width` columns after each, as the app does.
    private func type(_ count: Int, into field: TextField, width: Int) {
        var buffer = CellBuffer(size: Size(width: width, height: 1))
        for n in 0..<count {
            #expect(field.handle(.character(Character(String(n % 10)))))
            field.draw(in: Rect(x: 0, y: 0, width: width, height: 1), buffer: &buffer, context: context)
            _ = field.cursorColumn(width: width)
        }
    }

    @Test("100,000 characters typed and drawn cost linear work in the text field")
    func typingAtTheEndIsLinear() {
        let field = TextField()
        let n = 100_000, width = 20
        type(n, into: field, width: width)
        #expect(field.text?.count == n)
        // Per key at most what shows (twice: the text and the cursor's column); reading `text` once.
        #expect(field.copiedCharacterCount <= n * (2 * width) + n, "\(field.copiedCharacterCount) characters copied for \(n) keys")
    }

    @Test("Typing in the middle of a long text costs the same per key as at its end")
    func typingInTheMiddleIsLinear() {
        let field = TextField()
        field.text = String(repeating: "x", count: 50_000)
        _ = field.handle(.end)
        for _ in 0..<25_000 { _ = field.handle(.left) }
        let before = field.copiedCharacterCount
        let n = 10_000, width = 20
        type(n, into: field, width: width)
        // Moving the gap to the cursor once (25,000), then what shows per key.
        #expect(field.copiedCharacterCount - before <= 25_000 + n * (2 * width))
        let text = field.text ?? ""
        #expect(text.count == 60_000)
        let typed = text.dropFirst(25_000).prefix(n)
        #expect(text.prefix(25_000).allSatisfy { $0 == "x" } && text.suffix(25_000).allSatisfy { $0 == "x" })
        #expect(typed.prefix(10) == "0123456789" && typed.suffix(10) == "0123456789")
    }

    @Test("Editing keys keep the text right: backspace, delete, arrows, Home, End, Ctrl-U")
    func editingKeys() {
        let field = TextField()
        for key: Key in [.character("1"), .character("2"), .character("3"), .left, .backspace, .home, .delete, .end, .character("4")] {
            _ = field.handle(key)
        }
        #expect(field.text == "34")
        _ = field.handle(.left)
        _ = field.handle(.control("u"))
        #expect(field.text == "4")
        #expect(field.cursor == 0)
    }

    @Test("Amount refuses input beyond what an Int of cents holds, with the amount's message, so 40,000 keys stay cheap")
    func amountStopsAtTheLimit() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan)
        let field = try #require(harness.amount?.amountTextField)
        MoneyFormat.$current.withValue(harness.moneyFormat) {
            for n in 0..<40_000 { harness.app.handle(.character(Character(String(n % 10)))) }
            harness.app.render()
        }
        let typed = field.text ?? ""
        #expect(typed.count <= harness.moneyFormat.longestAmountLength)
        #expect(harness.moneyFormat.cents(from: typed) != .failure(.tooLarge))
        #expect(harness.flatText.contains("That amount is too large: enter a smaller one."))
        // Each refused key reads the short text once; nothing grows with the keys typed.
        #expect(field.copiedCharacterCount <= 40_000 * (2 * harness.moneyFormat.longestAmountLength))
        // What fits is still accepted, and a correction can be typed.
        try harness.run("<c-u>12.34<enter><wait 3>")
        #expect(harness.recorded.last?.1 == 1234)
    }

    @Test("In nl_NL too the limit follows the locale's notation")
    func amountLimitInDutch() throws {
        let harness = try WalletHarness(options: WalletHarness.options(locale: "nl_NL"), keys: WalletHarness.toHeatherMorgan + String(repeating: "9", count: 40))
        let typed = harness.amount?.amountTextField.text ?? ""
        // 16 nines are 999,999,999,999,999,900 cents; a 17th would not fit in 64 bits.
        #expect(typed == String(repeating: "9", count: 16))
        #expect(harness.flatText.contains("That amount is too large"))
    }
}
