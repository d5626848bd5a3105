import Terminal
import TestSupport
import Testing
@testable import Views

/// Text is laid out once: a label keeps the lines of its text at a width until either changes,
/// and the shortcuts (printable ASCII counted by bytes, a paragraph that fits kept whole) give
/// what the general computation gives. Each is checked against a fresh computation.
@MainActor
@Suite("Text layout")
struct TextLayoutTests {
    /// Pieces that exercise every rule: words, runs of spaces (a two-column line), symbols that
    /// glue to the next word, wide and combining characters, controls drawn visibly, newlines.
    private static let pieces = ["a", "word", "longerword", "Heather", " ", "  ", "   ", "€", "-", "漢字", "e\u{301}", "👍", "\t", "\n", "12.34", "x"]

    private func randomText(_ random: inout SplitMix) -> String {
        (0..<Int.random(in: 0...14, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    @Test("The shortcut for a paragraph that fits wraps as the words do, for 5,000 random texts and widths")
    func wrappingShortcut() {
        var random = SplitMix(seed: 8)
        for _ in 0..<5_000 {
            let text = randomText(&random)
            let width = Int.random(in: 1...30, using: &random)
            #expect(text.wrapped(toWidth: width) == text.wrappedByWords(toWidth: width), "\(text.debugDescription) at \(width)")
        }
    }

    @Test("Printable ASCII counted by bytes has the width characters give, for 5,000 random texts")
    func asciiWidthShortcut() {
        var random = SplitMix(seed: 9)
        for _ in 0..<5_000 {
            let text = randomText(&random)
            #expect(text.terminalWidth == text.terminalWidthByCharacter, "\(text.debugDescription)")
            #expect(text.dropFirst().terminalWidth == text.dropFirst().terminalWidthByCharacter)
        }
    }

    private func context(unicode: Bool) -> DrawContext {
        DrawContext(theme: Theme(capabilities: TerminalCapabilities(unicode: unicode, color: false)), focused: nil, isActive: true)
    }

    /// The label measured at the rect's width, as a frame does, then drawn.
    private func frame(_ label: Label, size: Size, context: DrawContext) -> (height: Int, lines: [String]) {
        let height = label.height(forWidth: size.width, context: context)
        var buffer = CellBuffer(size: size)
        label.draw(in: buffer.bounds, buffer: &buffer, context: context)
        return (height, buffer.lines)
    }

    @Test("A label's kept layout draws what a new label draws, after every change of text, width, lines, alignment and glyphs")
    func labelLayoutMatchesAFreshLabel() {
        var random = SplitMix(seed: 10)
        let label = Label()
        var size = Size(width: 20, height: 6)
        var unicode = true
        for step in 0..<3_000 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: label.text = Bool.random(using: &random) ? randomText(&random) : nil
            case 2: size = Size(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...8, using: &random))
            case 3: label.numberOfLines = Int.random(in: 0...3, using: &random)
            case 4: label.textAlignment = [.natural, .left, .center, .right].randomElement(using: &random)!
            default: unicode.toggle()
            }
            let fresh = Label()
            fresh.text = label.text
            fresh.numberOfLines = label.numberOfLines
            fresh.textAlignment = label.textAlignment
            let context = context(unicode: unicode)
            let kept = frame(label, size: size, context: context)
            let made = frame(fresh, size: size, context: context)
            #expect(kept.height == made.height && kept.lines == made.lines, "step \(step)")
            #expect(label.intrinsicWidth(context: context) == fresh.intrinsicWidth(context: context), "step \(step)")
        }
    }

    @Test("A frame lays a label's text out once, and frames that change nothing lay it out no more")
    func oneLayoutPerChange() {
        let label = Label()
        label.numberOfLines = 0
        label.text = "The network request failed. Nothing was sent."
        let context = context(unicode: true)
        for _ in 0..<10 { _ = frame(label, size: Size(width: 20, height: 5), context: context) }
        #expect(label.layoutCount == 1)
        label.text = "Sent."
        _ = frame(label, size: Size(width: 20, height: 5), context: context)
        _ = frame(label, size: Size(width: 30, height: 5), context: context)
        #expect(label.layoutCount == 3)
    }
}
