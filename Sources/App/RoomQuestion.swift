import SessionProtocol
import Terminal
import Views

/// A question put to the room under `wallet serve`, as a session's screen shows it: the
/// question, its lettered choices, the session's answer (an attendee's, a follower's) or the
/// room's tally (the presenter's), and the answer once revealed.
public struct RoomQuestion: Equatable, Sendable {
    /// The server's number for it; 0 on the presenter's side until the first tally names it.
    public var poll: Int
    public var text: String
    public var choices: [String]
    /// This session's answer (an attendee's or a follower's).
    public var answer: Int?
    /// Revealed: the right choice (nil when none was: taken back).
    public var revealed: Int??
    /// The presenter's: how many chose each choice, and how many have not answered.
    public var counts: [Int]
    public var waiting: Int?
    /// The panel's title for someone answering, when not a question from the presenter (the
    /// exercises' own questions).
    public var heading: String?
    /// The voting has closed: the presenter's search began, and the answer is on its way.
    public var isLocked = false
    /// The presenter's: asked by an earlier app of the session (before a relaunch or a
    /// reconnect), which this app can only close.
    public var askedBefore = false
    /// The presenter's: the tally shows as a count of answers only, until the reveal (as Kahoot
    /// and Mentimeter can hide theirs: a projected tally sways the room).
    public var hidesCounts = false

    public init(poll: Int, text: String, choices: [String], answer: Int? = nil) {
        self.poll = poll
        self.text = text
        self.choices = choices
        self.answer = answer
        counts = Array(repeating: 0, count: choices.count)
    }

    public var isOpen: Bool { revealed == nil }

    /// Who is drawing it: the presenter sees the tally; the others their own answer.
    public enum Viewer: Sendable { case presenter, answerer }

    /// The panel over the bottom of a frame of `buffer`'s size, above its last row (the keys):
    /// as wide as the screen allows up to 76 columns, the question wrapped, as many choices as
    /// fit (the others said in a line), and a last line saying what the keys do.
    public func draw(for viewer: Viewer, on buffer: inout CellBuffer, theme: Theme) {
        draw(for: viewer, in: Rect(origin: .zero, size: buffer.size), on: &buffer, theme: theme)
    }

    /// Where the panel goes in `area` of a frame of `size`, nil when it does not fit: what
    /// `draw` covers.
    public func panelRect(in area: Rect) -> Rect? {
        var buffer = CellBuffer(size: Size(width: area.maxX, height: area.maxY))
        return draw(for: .answerer, in: area, on: &buffer, theme: Theme(capabilities: TerminalCapabilities(unicode: true, color: false)))
    }

    /// The panel over the bottom of `area` of `buffer`, above its last row: the app's part of
    /// the screen, beside the inspector (issue 47: over the whole screen, the panel covered the
    /// inspector's "asked, in order" while the search ran).
    @discardableResult
    public func draw(for viewer: Viewer, in area: Rect, on buffer: inout CellBuffer, theme: Theme) -> Rect? {
        let size = area.size
        guard size.width >= 24, size.height >= 7 else { return nil }
        let width = min(size.width - 2, 76)
        let inner = width - 4
        let answered = counts.reduce(0, +)
        let title: String = switch viewer {
        case .presenter where isOpen && isLocked: " The room: \(answered) answered · voting closed "
        case .presenter:
            " The room: \(answered) answered" + (waiting.map { $0 > 0 ? " · \($0) \($0 == 1 ? "has" : "have") not" : " · all have" } ?? "") + " "
        case .answerer: isOpen ? " \(heading ?? "A question from the presenter") " : revealed == .some(nil) ? " Closed " : " The answer "
        }
        let questionRows = Caption.rows(of: theme.display(text), widths: Array(repeating: inner, count: 3), ellipsis: theme.glyphs.ellipsis)
        let footer: String = switch (viewer, revealed) {
        case (.presenter, nil) where askedBefore: "Asked before this app started · Esc closes it"
        case (.presenter, nil): "Space runs the search and reveals the answer · Esc takes it back"
        case (.presenter, _): "The next key closes this"
        case (.answerer, nil) where isLocked: "Voting has closed: the answer shows in a moment"
        case (.answerer, nil): answer == nil ? "Press a letter to answer" : "Another letter changes your answer, until the search starts"
        case (.answerer, .some(let right)):
            (right == nil ? "The presenter closed the question" : answer == nil ? "You did not answer" : answer == right ? "Right!" : "Not this time")
                + " · the next key closes this"
        }
        // Rows: the border, the question, a blank, the choices, a blank, the footer, the border.
        // A row under the panel, when there is room, and a blank column either side: the panel
        // never shares a border's row with what it lies on (issue 47: `└─└───┘─┘`).
        let margin = size.height >= 20 ? 1 : 0
        let room = size.height - 1 - margin - 2 - questionRows.count - 3
        guard room >= 1 else { return nil }
        let shown = min(choices.count, room)
        let height = 2 + questionRows.count + 1 + shown + (shown < choices.count ? 1 : 0) + 1 + 1
        let rect = Rect(x: area.x + (size.width - width) / 2, y: area.y + max(0, size.height - 1 - margin - height), width: width, height: height)
        let cleared = Rect(x: max(area.x, rect.x - 1), y: rect.y, width: min(area.maxX, rect.maxX + 1) - max(area.x, rect.x - 1),
                           height: rect.height)
        buffer.fill(cleared)
        drawBorder(rect, title: theme.display(title), on: &buffer, theme: theme)
        var y = rect.y + 1
        for row in questionRows {
            buffer.put(row, at: Point(x: rect.x + 2, y: y), style: theme.title)
            y += 1
        }
        y += 1
        let bar = viewer == .presenter ? max(4, inner / 4) : 0
        let most = max(1, counts.max() ?? 1)
        for index in 0..<shown {
            let letter = String(RoomMessage.letter(index))
            let mine = viewer == .answerer && answer == index
            let right = revealed == .some(index)
            let mark = right ? theme.display(" ✓") : ""
            let choiceWidth = inner - 4 - (viewer == .presenter ? bar + 6 : 0) - mark.count
            let choice = Caption.rows(of: theme.display(choices[index]), widths: [max(1, choiceWidth)], ellipsis: theme.glyphs.ellipsis).first ?? ""
            let style = right || mine ? theme.focused : theme.text
            buffer.put(mine ? "[\(letter)]" : " \(letter) ", at: Point(x: rect.x + 1, y: y), style: style)
            buffer.put(choice + mark, at: Point(x: rect.x + 5, y: y), style: right ? theme.title : theme.text)
            if viewer == .presenter, !(hidesCounts && isOpen) {
                let count = counts.indices.contains(index) ? counts[index] : 0
                let filled = count == 0 ? 0 : max(1, count * bar / most)
                let x = rect.maxX - bar - 7
                buffer.put(String(repeating: theme.glyphs == .ascii ? "#" : "█", count: filled), at: Point(x: x, y: y), style: theme.tint)
                buffer.put(String(count).leftPadded(to: 4), at: Point(x: rect.maxX - 6, y: y), style: theme.text)
            }
            y += 1
        }
        if shown < choices.count {
            buffer.put(theme.display("\(choices.count - shown) more (\(RoomMessage.letter(shown))…\(RoomMessage.letter(choices.count - 1))): a larger terminal shows them"),
                       at: Point(x: rect.x + 2, y: y), style: theme.secondaryText)
            y += 1
        }
        y += 1
        let line = Caption.rows(of: theme.display(footer), widths: [inner], ellipsis: theme.glyphs.ellipsis).first ?? ""
        buffer.put(line, at: Point(x: rect.x + 2, y: y), style: theme.secondaryText)
        return rect
    }

    private func drawBorder(_ rect: Rect, title: String, on buffer: inout CellBuffer, theme: Theme) {
        let g = theme.glyphs
        let line = String(repeating: g.horizontal, count: rect.width - 2)
        buffer.put("\(g.topLeft)\(line)\(g.topRight)", at: rect.origin, style: theme.border)
        buffer.put("\(g.bottomLeft)\(line)\(g.bottomRight)", at: Point(x: rect.x, y: rect.maxY - 1), style: theme.border)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.put(String(g.vertical), at: Point(x: rect.x, y: y), style: theme.border)
            buffer.put(String(g.vertical), at: Point(x: rect.maxX - 1, y: y), style: theme.border)
        }
        buffer.put(String(title.prefix(rect.width - 4)), at: Point(x: rect.x + 2, y: rect.y), style: theme.title)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
