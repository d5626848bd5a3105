/// A grid of cells: what one frame of the screen shows. Views draw into it; a backend shows it.
public struct CellBuffer: Hashable, Sendable {
    public private(set) var size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, filling cell: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: cell, count: self.size.width * self.size.height)
    }

    public var bounds: Rect { Rect(origin: .zero, size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Writes `text` from `point` on one row, clipped to `clip` (the whole buffer by default).
    /// Control and format characters are written in their visible form (`Character.visibleForm`).
    /// Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard point.y >= area.y, point.y < area.maxY else { return 0 }
        var x = point.x
        // The last other character and what it takes: a rule of "─" or a bar of "█" asks once.
        var last: (character: Character, width: Int, visible: String?)?
        // Every cell written lies in `area`, inside the buffer: the row's storage is written
        // directly, made unique once.
        let row = point.y * size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for character in text {
                // Printable ASCII, most of what an app draws: one column, drawn as it is.
                if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                    if x + 1 > area.maxX { break }
                    if x >= area.x { cells[row + x] = Cell(character, style: style) }
                    x += 1
                    continue
                }
                let width: Int, visibleForm: String?
                if let last, last.character == character {
                    (width, visibleForm) = (last.width, last.visible)
                } else {
                    width = character.terminalWidth
                    visibleForm = width == 0 ? nil : character.visibleForm
                    last = (character, width, visibleForm)
                }
                if width == 0 { continue }
                if x + width > area.maxX { break }
                if x >= area.x {
                    if let visible = visibleForm {
                        // A control is drawn as its notation, never handed to the terminal.
                        for (offset, symbol) in visible.enumerated() { cells[row + x + offset] = Cell(symbol, style: style) }
                    } else {
                        cells[row + x] = Cell(character, style: style)
                        if width == 2 { cells[row + x + 1] = Cell.continuation }
                    }
                }
                x += width
            }
        }
        return max(0, x - point.x)
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        // Row by row in the storage, checked and made unique once rather than once a cell: every
        // view's background is a fill, a few hundred cells a frame.
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in area.y..<area.maxY {
                let start = y * width + area.x
                for index in start..<(start + area.width) { cells[index] = cell }
            }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in area.y..<area.maxY {
                let start = y * width + area.x
                for index in start..<(start + area.width) { cells[index].style = transform(cells[index].style) }
            }
        }
    }

    /// Copies `source`'s cells with its top-left corner at `origin`, clipped to `clip` (the
    /// whole buffer by default): how an inspector beside the app, or a frame sliding in, is
    /// composed. A wide character cut in half at an edge becomes a blank, never half a glyph.
    public mutating func draw(_ source: CellBuffer, at origin: Point, clip: Rect? = nil) {
        let area = (clip ?? bounds).intersection(bounds).intersection(Rect(origin: origin, size: source.size))
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            // A wide character of this buffer that the copy cuts in half goes whole.
            if area.x > 0, self[area.x, y].isContinuation { self[area.x - 1, y] = Cell(" ", style: self[area.x - 1, y].style) }
            if area.maxX < size.width, self[area.maxX, y].isContinuation { self[area.maxX, y] = Cell(" ", style: self[area.maxX, y].style) }
            for x in area.x..<area.maxX {
                var cell = source[x - origin.x, y - origin.y]
                let isLeftHalfCut = x == area.maxX - 1 && x - origin.x + 1 < source.size.width && source[x - origin.x + 1, y - origin.y].isContinuation
                if (x == area.x && cell.isContinuation) || isLeftHalfCut { cell = Cell(" ", style: cell.style) }
                self[x, y] = cell
            }
        }
    }

    /// The rows as plain text, trailing blanks removed: what a screen test compares.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation {
                line.append(self[x, y].character)
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole frame as plain text, one line per row.
    public var text: String { lines.joined(separator: "\n") }
}
