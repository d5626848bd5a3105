import Terminal
import Testing

@Suite("Cell buffers")
struct CellBufferTests {
    @Test("Text is clipped to the rectangle it is drawn in")
    func clipping() {
        var buffer = CellBuffer(size: Size(width: 10, height: 2))
        buffer.put("Heather Morgan", at: Point(x: 2, y: 0), clip: Rect(x: 0, y: 0, width: 8, height: 1))
        #expect(buffer.lines == ["  Heathe", ""])
    }

    @Test("A wide character takes two columns and lines stay aligned")
    func wideCharacters() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        let written = buffer.put("漢字x", at: .zero)
        #expect(written == 5)
        #expect(buffer.lines == ["漢字x"])
    }

    @Test("A wide character that does not fit is not half drawn")
    func wideCharacterAtTheEdge() {
        var buffer = CellBuffer(size: Size(width: 3, height: 1))
        buffer.put("a漢字", at: .zero)
        #expect(buffer.lines == ["a漢"])
    }

    @Test("A buffer drawn into another is clipped, and wide characters cut at its edges go whole")
    func composing() {
        var panel = CellBuffer(size: Size(width: 4, height: 2))
        panel.put("ab界", at: .zero)
        panel.put("wxyz", at: Point(x: 0, y: 1))
        var screen = CellBuffer(size: Size(width: 8, height: 2))
        screen.put("界界界界", at: .zero)
        screen.draw(panel, at: Point(x: 3, y: 0), clip: Rect(x: 0, y: 0, width: 6, height: 2))
        // The panel's 界 would end past the clip; the screen's 界 at 2–3 lost its right half.
        #expect(screen.lines == ["界 ab 界", "   wxy"])
    }

    @Test("Truncation ends in an ellipsis and respects the width")
    func truncation() {
        #expect("Heather Morgan".truncated(toWidth: 8) == "Heather…")
        #expect("Heather".truncated(toWidth: 8) == "Heather")
        #expect("Heather Morgan".truncated(toWidth: 8, ellipsis: "...") == "Heath...")
        #expect("€ 5,432.01".terminalWidth == 10)
    }
}

@Suite("Rendering only what changed")
struct RendererTests {
    @Test("The first frame is written whole, an unchanged frame writes nothing")
    func unchangedFrames() {
        let terminal = MemoryTerminal(size: Size(width: 20, height: 5))
        let renderer = Renderer(backend: terminal)
        var frame = CellBuffer(size: terminal.size)
        frame.put("Wallet", at: .zero)
        renderer.show(frame, cursor: nil)
        renderer.show(frame, cursor: nil)
        #expect(terminal.writes == [100, 0])
        #expect(terminal.text.hasPrefix("Wallet"))
    }

    @Test("Changing one row writes only the cells of that row that changed")
    func oneRow() {
        let terminal = MemoryTerminal(size: Size(width: 20, height: 5))
        let renderer = Renderer(backend: terminal)
        var frame = CellBuffer(size: terminal.size)
        frame.put("€ 5,432.01", at: Point(x: 0, y: 2))
        renderer.show(frame, cursor: nil)
        frame.put("€ 5,419.67", at: Point(x: 0, y: 2))
        renderer.show(frame, cursor: nil)
        #expect(terminal.writes.last == 4)
        #expect(terminal.screen.lines[2] == "€ 5,419.67")
    }

    @Test("After invalidate, as after a resize, the whole frame is written again")
    func invalidate() {
        let terminal = MemoryTerminal(size: Size(width: 4, height: 2))
        let renderer = Renderer(backend: terminal)
        let frame = CellBuffer(size: terminal.size)
        renderer.show(frame, cursor: nil)
        renderer.invalidate()
        renderer.show(frame, cursor: nil)
        #expect(terminal.writes == [8, 8])
    }
}

@Suite("Control characters on screen")
struct ControlCharacterTests {
    @Test("C0 and C1 controls, newlines and bidi overrides are drawn visibly, in the columns they are measured at")
    func controlsAreDrawnVisibly() {
        let text = "a\u{1B}[2J\nb\r\n\u{7F}\u{85}\u{202E}c\u{2028}d"
        var buffer = CellBuffer(size: Size(width: 60, height: 1))
        let written = buffer.put(text, at: .zero)
        #expect(buffer.lines == ["a^[[2J^Jb^M^J^?<U+0085><U+202E>c<U+2028>d"])
        #expect(written == text.terminalWidth)
        let foreign = buffer.cells.filter { !$0.isContinuation }.map(\.character).filter { $0.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format } }
        #expect(foreign.isEmpty, "controls reach the terminal: \(foreign)")
    }

    @Test("A control's notation is cut whole at the edge, like a wide character")
    func notationAtTheEdge() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.put("ab\u{202E}", at: .zero)
        #expect(buffer.lines == ["ab"])
        #expect("ab\u{1B}".truncated(toWidth: 4) == "ab\u{1B}")
    }

    @Test("Printable text, soft hyphens and joined emoji are drawn as they are")
    func printableTextIsUnchanged() {
        var buffer = CellBuffer(size: Size(width: 20, height: 1))
        buffer.put("é\u{AD}€ 12", at: .zero)
        #expect(buffer.lines == ["é\u{AD}€ 12"])
    }
}
