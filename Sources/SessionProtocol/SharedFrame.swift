import Terminal

/// One frame of a screen as it crosses between processes: what a presenter's app draws, sent to
/// the followers of `wallet serve`, each of whom draws it on a terminal of their own size
/// (docs/serving.md). Cells and styles, not terminal bytes: bytes written for one terminal
/// size cannot be laid out again for another without a terminal emulator.
///
/// A whole frame each time, never a difference: whoever reads the stream late, or drops frames
/// because a reader fell behind, is right again with the next frame. Terminals send only what
/// changed; the follower's does.
///
/// The encoding, all numbers big-endian: `WF`, version 2, the payload's length (4 bytes), then
/// the payload: width and height (2 bytes each), the cursor's column and row (`0xFFFF` each
/// when hidden), the focused control's column, row, width and height (`0xFFFF` each when
/// nothing has focus: what a follower smaller than the presenter keeps in view), then the cells, row by row, in runs of one style: foreground, background,
/// attributes (a byte each), the number of cells (2 bytes), and each cell as its character's
/// UTF-8 length (a byte; 0 for the second column of a wide character) and bytes.
public struct SharedFrame: Hashable, Sendable {
    public var buffer: CellBuffer
    public var cursor: Point?
    /// Where the focused control is drawn, if anything has focus.
    public var focus: Rect?

    public init(buffer: CellBuffer, cursor: Point?, focus: Rect? = nil) {
        self.buffer = buffer
        self.cursor = cursor
        self.focus = focus
    }

    /// The largest frame read or written, in cells a side: a terminal larger than this is sent
    /// cropped. Bounds what a reader allocates for a header it has not checked yet.
    public static let maximumSide = 1_000
    /// The largest payload a reader takes: every cell of the largest frame at its longest.
    public static let maximumPayload = 16 + maximumSide * maximumSide * 8
    /// What every frame starts with: `WF`, version 2.
    public static let magic: [UInt8] = [0x57, 0x46, 2]
    /// The magic and the payload's length.
    public static let headerLength = magic.count + 4
    /// A frame of no cells: nothing to show (the presenter has gone).
    public static let nothing = SharedFrame(buffer: CellBuffer(size: Size(width: 0, height: 0)), cursor: nil)

    /// The frame as bytes, header included.
    public var encoded: [UInt8] {
        let width = min(buffer.size.width, Self.maximumSide), height = min(buffer.size.height, Self.maximumSide)
        var payload: [UInt8] = []
        payload.reserveCapacity(8 + width * height * 2 + height * 8)
        Self.append(UInt16(width), to: &payload)
        Self.append(UInt16(height), to: &payload)
        let shownCursor = cursor.flatMap { $0.x >= 0 && $0.y >= 0 && $0.x < width && $0.y < height ? $0 : nil }
        Self.append(shownCursor.map { UInt16($0.x) } ?? 0xFFFF, to: &payload)
        Self.append(shownCursor.map { UInt16($0.y) } ?? 0xFFFF, to: &payload)
        let shownFocus = focus.map { $0.intersection(Rect(x: 0, y: 0, width: width, height: height)) }.flatMap { $0.isEmpty ? nil : $0 }
        for value in shownFocus.map({ [$0.x, $0.y, $0.width, $0.height] }) ?? [] { Self.append(UInt16(value), to: &payload) }
        if shownFocus == nil { for _ in 0..<4 { Self.append(0xFFFF, to: &payload) } }
        for y in 0..<height {
            var x = 0
            while x < width {
                let style = buffer[x, y].style
                var end = x + 1
                while end < width, buffer[end, y].style == style { end += 1 }
                payload.append(Self.code(style.foreground))
                payload.append(Self.code(style.background))
                payload.append(style.attributes.rawValue)
                Self.append(UInt16(end - x), to: &payload)
                for column in x..<end {
                    let cell = buffer[column, y]
                    if cell.isContinuation {
                        payload.append(0)
                    } else {
                        // A cluster longer than a length byte says (never drawn by the app) is one blank.
                        let bytes = Array(String(cell.character).utf8)
                        if bytes.count > 255 {
                            payload.append(1)
                            payload.append(0x20)
                        } else {
                            payload.append(UInt8(bytes.count))
                            payload.append(contentsOf: bytes)
                        }
                    }
                }
                x = end
            }
        }
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerLength + payload.count)
        let length = UInt32(payload.count)
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: length >> UInt32(shift))) }
        bytes.append(contentsOf: payload)
        return bytes
    }

    /// Why bytes are not a frame: the stream is not one this version writes, or it is damaged.
    public struct DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The frame in `payload` (the bytes after the header).
    static func decode(payload: ArraySlice<UInt8>) throws(DecodingError) -> SharedFrame {
        var reader = ByteReader(bytes: payload)
        let width = Int(try reader.uint16()), height = Int(try reader.uint16())
        guard width <= maximumSide, height <= maximumSide else { throw DecodingError(description: "a frame of \(width)x\(height) is too large") }
        let cursorX = try reader.uint16(), cursorY = try reader.uint16()
        let focusX = Int(try reader.uint16()), focusY = Int(try reader.uint16())
        let focusWidth = Int(try reader.uint16()), focusHeight = Int(try reader.uint16())
        var buffer = CellBuffer(size: Size(width: width, height: height))
        // The last character that is not printable ASCII, by its bytes: a rule of box drawing is
        // read and checked once, not once a cell (a follower decodes every frame the presenter draws).
        var lastBytes: ArraySlice<UInt8> = [], lastCharacter: Character = " "
        for y in 0..<height {
            var x = 0
            while x < width {
                let style = Style(foreground: try color(reader.byte()), background: try color(reader.byte()),
                                  attributes: Attributes(rawValue: try reader.byte()))
                let count = Int(try reader.uint16())
                guard count > 0, x + count <= width else { throw DecodingError(description: "a run of cells passes the end of row \(y)") }
                for column in x..<(x + count) {
                    let length = Int(try reader.byte())
                    if length == 0 {
                        buffer[column, y] = Cell.continuation
                        continue
                    }
                    let bytes = try reader.bytes(length)
                    let character: Character
                    if length == 1, let byte = bytes.first, byte >= 0x20, byte < 0x7F {
                        // Printable ASCII: neither control nor format, and one character.
                        character = Character(Unicode.Scalar(byte))
                    } else if bytes.elementsEqual(lastBytes) {
                        character = lastCharacter
                    } else {
                        let text = String(decoding: bytes, as: UTF8.self)
                        // One character a cell: anything else (damage) is drawn as a blank.
                        let one = text.count == 1 ? text.first! : " "
                        character = one.isControlOrFormat ? " " : one
                        (lastBytes, lastCharacter) = (bytes, character)
                    }
                    buffer[column, y] = Cell(character, style: style)
                }
                x += count
            }
        }
        guard reader.isAtEnd else { throw DecodingError(description: "bytes after the last row") }
        let cursor = cursorX < width && cursorY < height ? Point(x: Int(cursorX), y: Int(cursorY)) : nil
        let focus = focusX < width && focusY < height && focusWidth > 0 && focusHeight > 0 && focusX + focusWidth <= width && focusY + focusHeight <= height
            ? Rect(x: focusX, y: focusY, width: focusWidth, height: focusHeight) : nil
        return SharedFrame(buffer: buffer, cursor: cursor, focus: focus)
    }

    private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    private static let colors = Color.allCases
    private static func code(_ color: Color) -> UInt8 { UInt8(colors.firstIndex(of: color)!) }
    private static func color(_ code: UInt8) throws(DecodingError) -> Color {
        guard Int(code) < colors.count else { throw DecodingError(description: "colour \(code) is not one of the eight and the default") }
        return colors[Int(code)]
    }

    private struct ByteReader {
        var bytes: ArraySlice<UInt8>
        var isAtEnd: Bool { bytes.isEmpty }
        mutating func byte() throws(DecodingError) -> UInt8 {
            guard let first = bytes.popFirst() else { throw DecodingError(description: "the frame ends in the middle") }
            return first
        }
        mutating func uint16() throws(DecodingError) -> UInt16 { UInt16(try byte()) << 8 | UInt16(try byte()) }
        mutating func bytes(_ count: Int) throws(DecodingError) -> ArraySlice<UInt8> {
            guard bytes.count >= count else { throw DecodingError(description: "the frame ends in the middle") }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }
    }
}

extension Character {
    /// A control or format character, which a terminal would act on rather than show.
    fileprivate var isControlOrFormat: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }
}

/// Frames from a stream of bytes that arrive in pieces of any size (a pipe, a socket): feed it
/// what was read, take the frames it completed. A damaged stream is an error from then on.
public struct SharedFrameReader: Sendable {
    private var pending: [UInt8] = []
    public init() {}

    /// Adds `bytes` read from the stream and returns the frames they complete, oldest first.
    public mutating func read(_ bytes: some Sequence<UInt8>) throws(SharedFrame.DecodingError) -> [SharedFrame] {
        try read(bytes, keepingAll: true)
    }

    /// Adds `bytes` read from the stream and returns the newest frame they complete, if any: the
    /// frames before it are cut off the stream unread, as a follower that fell behind draws the
    /// latest only (each frame is whole, so nothing of the skipped ones is needed).
    public mutating func latest(_ bytes: some Sequence<UInt8>) throws(SharedFrame.DecodingError) -> SharedFrame? {
        try read(bytes, keepingAll: false).last
    }

    private mutating func read(_ bytes: some Sequence<UInt8>, keepingAll: Bool) throws(SharedFrame.DecodingError) -> [SharedFrame] {
        pending.append(contentsOf: bytes)
        var frames: [SharedFrame] = []
        var payloads: [Range<Int>] = []
        var start = 0
        while pending.count - start >= SharedFrame.headerLength {
            guard pending[start..<(start + SharedFrame.magic.count)].elementsEqual(SharedFrame.magic) else {
                throw SharedFrame.DecodingError(description: "the stream does not carry frames of this version")
            }
            let lengthBytes = pending[(start + SharedFrame.magic.count)..<(start + SharedFrame.headerLength)]
            let length = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
            guard length <= SharedFrame.maximumPayload else {
                throw SharedFrame.DecodingError(description: "a frame of \(length) bytes is larger than any this version writes")
            }
            let end = start + SharedFrame.headerLength + length
            guard pending.count >= end else { break }
            payloads.append((start + SharedFrame.headerLength)..<end)
            start = end
        }
        for payload in keepingAll ? payloads[...] : payloads.suffix(1) {
            frames.append(try SharedFrame.decode(payload: pending[payload]))
        }
        pending.removeFirst(start)
        return frames
    }
}
