import SessionProtocol
import Terminal
import TestSupport
import Testing

/// The frames a presenter's app sends its followers (`wallet serve`): what goes in comes out,
/// however the stream is cut, and no stream of bytes crashes the reader.
@Suite("Shared frames")
struct SharedFrameTests {
    /// A frame with every colour, attributes, a wide character and a cursor.
    static var sample: SharedFrame {
        var buffer = CellBuffer(size: Size(width: 12, height: 3))
        buffer.put("€ 5,432.01", at: Point(x: 1, y: 0), style: Style(attributes: .bold))
        buffer.put("漢字", at: Point(x: 0, y: 1), style: Style(foreground: .red, background: .blue, attributes: [.reverse, .underline]))
        for (index, color) in Color.allCases.enumerated() { buffer[index, 2] = Cell("x", style: Style(foreground: color)) }
        return SharedFrame(buffer: buffer, cursor: Point(x: 3, y: 1))
    }

    @Test("A frame read back is the frame written: characters, wide characters, styles and the cursor")
    func roundTrip() throws {
        var reader = SharedFrameReader()
        let frames = try reader.read(Self.sample.encoded)
        #expect(frames == [Self.sample])
    }

    @Test("A cell holding a control or format character is read as a blank, so a follower's terminal never acts on it; a rule of box drawing and text around it are read as sent")
    func controlsAreBlanks() throws {
        var sent = CellBuffer(size: Size(width: 8, height: 2))
        sent.put("──────", at: Point(x: 1, y: 0))
        for (index, character) in ["\u{1B}", "\u{7F}", "\u{200E}", "\u{7}", "a", "─", "\u{9B}", "é"].enumerated() {
            sent[index, 1] = Cell(Character(character), style: Style())
        }
        var reader = SharedFrameReader()
        let frame = try #require(try reader.read(SharedFrame(buffer: sent, cursor: nil).encoded).first)
        let rows = (0..<2).map { y in String((0..<8).map { frame.buffer[$0, y].character }) }
        #expect(rows == [" ────── ", "    a─ é"])
    }

    @Test("Frames cut into pieces of any size, several in one read, come out whole and in order", arguments: [1, 2, 7, 64, 100_000])
    func pieces(size: Int) throws {
        var second = Self.sample
        second.buffer.put("Contacts", at: .zero)
        second.cursor = nil
        let stream = Self.sample.encoded + second.encoded + SharedFrame.nothing.encoded
        var reader = SharedFrameReader()
        var frames: [SharedFrame] = []
        var start = 0
        while start < stream.count {
            frames += try reader.read(stream[start..<min(stream.count, start + size)])
            start += size
        }
        #expect(frames == [Self.sample, second, SharedFrame.nothing])
    }

    @Test("A follower that fell behind reads the newest frame of what came, however it is cut, and the stream goes on after it", arguments: [1, 7, 100_000])
    func latest(size: Int) throws {
        var second = Self.sample
        second.buffer.put("Contacts", at: .zero)
        let stream = Self.sample.encoded + second.encoded + Self.sample.encoded + second.encoded
        var reader = SharedFrameReader()
        var newest: SharedFrame?
        var offset = 0
        while offset < stream.count {
            newest = try reader.latest(stream[offset..<min(stream.count, offset + size)]) ?? newest
            offset += size
        }
        #expect(newest == second)
        #expect(try reader.latest(Self.sample.encoded) == Self.sample)
    }

    @Test("A cursor outside the frame is sent as hidden")
    func cursorOutside() throws {
        var frame = Self.sample
        frame.cursor = Point(x: 12, y: 0)
        var reader = SharedFrameReader()
        #expect(try reader.read(frame.encoded).first?.cursor == nil)
    }

    @Test("Damaged or foreign bytes end in an error, never a crash nor a frame of cells never sent", arguments: 0..<200)
    func damaged(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed))
        var bytes = Self.sample.encoded
        // Flip, cut or replace a few bytes anywhere, the header included.
        for _ in 0..<(1 + Int(generator.next() % 4)) {
            let index = Int(generator.next() % UInt64(bytes.count))
            switch generator.next() % 3 {
            case 0: bytes[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            case 1: bytes.removeSubrange(index...)
            default: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            if bytes.isEmpty { break }
        }
        var reader = SharedFrameReader()
        // Whatever comes out has the size and cells a frame can have.
        if let frames = try? reader.read(bytes) {
            for frame in frames {
                #expect(frame.buffer.size.width <= SharedFrame.maximumSide && frame.buffer.size.height <= SharedFrame.maximumSide)
                #expect(frame.buffer.cells.allSatisfy { $0.isContinuation || $0.character.unicodeScalars.allSatisfy { $0.value >= 0x20 } })
            }
        }
    }

    @Test("A header announcing more than the largest frame is refused before anything is kept")
    func tooLarge() {
        var reader = SharedFrameReader()
        #expect(throws: SharedFrame.DecodingError.self) { try reader.read(SharedFrame.magic + [0xFF, 0xFF, 0xFF, 0xFF]) }
    }

    @Test("A terminal that mirrors sends each frame it draws, whole, the changes applied to what it showed")
    func mirroring() throws {
        let terminal = MemoryTerminal(size: Size(width: 10, height: 2))
        var sent: [[UInt8]] = []
        let mirror = MirroringBackend(base: terminal) { sent.append($0) }
        let renderer = Renderer(backend: mirror)
        var frame = CellBuffer(size: terminal.size)
        frame.put("Wallet", at: .zero)
        renderer.show(frame, cursor: nil)
        frame.put("€ 12.34", at: Point(x: 0, y: 1))
        renderer.show(frame, cursor: Point(x: 7, y: 1))
        #expect(renderer.lastChangeCount < 10)
        var reader = SharedFrameReader()
        let frames = try reader.read(sent.joined())
        #expect(frames.map(\.buffer.lines) == [["Wallet", ""], ["Wallet", "€ 12.34"]])
        #expect(frames.last?.cursor == Point(x: 7, y: 1))
        #expect(terminal.text == "Wallet\n€ 12.34")
    }
}
