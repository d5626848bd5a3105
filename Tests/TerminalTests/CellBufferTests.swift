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
