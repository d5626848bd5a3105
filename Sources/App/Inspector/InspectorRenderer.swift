import Terminal
import Views

/// What the inspector shows, before layout.
public struct InspectorContent: Hashable, Sendable {
    /// Said beside the title: "stepping", "paused".
    public var status: String?
    public var tree: [InspectorLine]
    /// Tree lines not built because they could not be shown, before `tree` and after it.
    public var treeBefore: Int
    public var treeMore: Int
    /// The line of `tree` to keep in view: the controller the step is about, or the one on screen.
    public var treeFocus: Int?
    public var segue: [InspectorLine]
    /// The line of `segue` to keep in view when it does not fit: the step about to run.
    public var segueFocus: Int?

    public init(status: String? = nil, tree: [InspectorLine], treeBefore: Int = 0, treeMore: Int = 0, treeFocus: Int? = nil,
                segue: [InspectorLine], segueFocus: Int? = nil) {
        self.status = status
        self.tree = tree
        self.treeBefore = treeBefore
        self.treeMore = treeMore
        self.treeFocus = treeFocus
        self.segue = segue
        self.segueFocus = segueFocus
    }
}

/// Draws the inspector into a panel of any size: a title, the controller tree, then the last
/// segue. Only what fits is laid out; a section that does not fit ends with "↓ N more", and the
/// last segue scrolls to keep the step about to run in view ("↑ N more" above it).
public struct InspectorRenderer: Sendable {
    public let theme: Theme

    public init(theme: Theme) { self.theme = theme }

    public func render(_ content: InspectorContent, size: Size, placement: InspectorLayout.Placement) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        let g = theme.glyphs
        let title = "Inspector" + (content.status.map { " — \($0)" } ?? "")
        var body: Rect
        switch placement {
        case .side:
            for y in 0..<size.height {
                buffer.put(String(y == 1 ? g.teeLeft : g.vertical), at: Point(x: 0, y: y), style: theme.border)
            }
            let inner = Rect(x: 2, y: 0, width: size.width - 3, height: size.height)
            buffer.put(theme.display(title).truncated(toWidth: inner.width, ellipsis: g.ellipsis), at: inner.origin, style: theme.title, clip: inner)
            buffer.put(String(repeating: g.horizontal, count: max(0, size.width - 1)), at: Point(x: 1, y: 1), style: theme.border)
            body = inner.dropTop(2)
        case .overlay:
            drawBox(size: size, buffer: &buffer)
            let top = Rect(x: 1, y: 0, width: size.width - 2, height: 1)
            buffer.put(" " + theme.display(title).truncated(toWidth: max(0, top.width - 2), ellipsis: g.ellipsis) + " ",
                       at: Point(x: 2, y: 0), style: theme.title, clip: top)
            body = Rect(x: 2, y: 1, width: size.width - 4, height: size.height - 2)
        }
        guard !body.isEmpty else { return buffer }

        let treeRows = wrap(content.tree, width: body.width)
        let segueRows = wrap(content.segue, width: body.width)
        // The last row of the focused line: a line that wraps shows whole.
        let focusRow = content.segueFocus.flatMap { focus in segueRows.lastIndex { $0.line == focus } }
        let treeCount = treeRows.count + content.treeMore + content.treeBefore
        let treeFocusRow = content.treeFocus.flatMap { focus in treeRows.lastIndex { $0.line == focus } }

        // Two titles and a blank line between the sections, when there is room for them.
        let gap = body.height >= 8 ? 1 : 0
        let room = max(0, body.height - 2 - gap)
        let treeShown: Int
        if treeCount + segueRows.count <= room {
            treeShown = treeCount
        } else {
            treeShown = min(treeCount, max(room - segueRows.count, room / 2))
        }
        let segueShown = room - treeShown

        var y = body.y
        buffer.put("Controllers", at: Point(x: body.x, y: y), style: theme.title, clip: body)
        y += 1
        draw(treeRows, total: treeCount, above: content.treeBefore, in: Rect(x: body.x, y: y, width: body.width, height: treeShown),
             focus: treeFocusRow, buffer: &buffer)
        y += treeShown + gap
        // While a segue waits before its next step, it is not the last one: it is under way.
        buffer.put(content.segueFocus == nil ? "Last segue" : "Segue under way", at: Point(x: body.x, y: y), style: theme.title, clip: body)
        y += 1
        draw(segueRows, total: segueRows.count, in: Rect(x: body.x, y: y, width: body.width, height: segueShown).intersection(body),
             focus: focusRow, buffer: &buffer)
        return buffer
    }

    /// The inspector on the whole terminal (F6): its title and a rule, then `lines`, the page
    /// scrolled to, with "↑ N more" over them when `above` lines come before and "↓ N more"
    /// under them when `below` come after.
    public func renderZoomed(_ lines: [InspectorLine], above: Int, below: Int, status: String?, size: Size) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        let g = theme.glyphs
        guard size.height >= 2, size.width >= 4 else { return buffer }
        let title = "Inspector" + (status.map { " — \($0)" } ?? "")
        let inner = Rect(x: 1, y: 0, width: size.width - 2, height: size.height)
        buffer.put(theme.display(title).truncated(toWidth: inner.width, ellipsis: g.ellipsis), at: inner.origin, style: theme.title, clip: inner)
        buffer.put(String(repeating: g.horizontal, count: size.width), at: Point(x: 0, y: 1), style: theme.border)
        let body = inner.dropTop(2)
        var rows = wrap(lines, width: body.width)
        // The signs take the place of a row each, as in a table that scrolls.
        let room = body.height - (above > 0 ? 1 : 0)
        let cut = max(0, rows.count - room)
        rows.removeLast(cut)
        var y = body.y
        if above > 0 {
            buffer.put("\(g.up) \(above) more", at: Point(x: body.x, y: y), style: theme.secondaryText, clip: body)
            y += 1
        }
        if below > 0 || cut > 0, !rows.isEmpty { rows.removeLast() }
        for row in rows {
            let used = buffer.put(row.prefix, at: Point(x: body.x, y: y), style: theme.border, clip: body)
            buffer.put(row.text, at: Point(x: body.x + used, y: y), style: style(row.role), clip: body)
            y += 1
        }
        if below > 0 || cut > 0 {
            let hidden = below + (lines.count - (rows.last.map { $0.line + 1 } ?? 0))
            buffer.put("\(g.down) \(hidden) more", at: Point(x: body.x, y: y), style: theme.secondaryText, clip: body)
        }
        return buffer
    }

    private struct Row {
        var line: Int
        var prefix: String
        var text: String
        var role: InspectorLine.Role
    }

    private func wrap(_ lines: [InspectorLine], width: Int) -> [Row] {
        var rows: [Row] = []
        for (index, line) in lines.enumerated() {
            let displayed = InspectorLine(theme.display(line.text), prefix: line.prefix, role: line.role, continuation: line.continuation)
            for row in displayed.rows(width: width) {
                rows.append(Row(line: index, prefix: row.prefix, text: row.text, role: line.role))
            }
        }
        return rows
    }

    /// Draws `rows` into `rect`; when they do not fit, the last row says how many more there
    /// are, and rows scroll so that `focus` shows, with "↑ N more" above. `above`: rows left
    /// out before `rows`, counted in that line too.
    private func draw(_ rows: [Row], total: Int, above: Int = 0, in rect: Rect, focus: Int?, buffer: inout CellBuffer) {
        guard !rect.isEmpty else { return }
        let capacity = above > 0 ? rect.height - 1 : rect.height
        var start = 0
        var end = min(rows.count, total - above <= capacity ? capacity : capacity - 1)
        if let focus, focus >= end, capacity >= 2 {
            end = min(rows.count, focus + 1)
            var hasBelow = end < total
            var slots = capacity - 1 - (hasBelow ? 1 : 0)
            if slots < 1 {
                hasBelow = false
                slots = capacity - 1
            }
            start = max(0, end - slots)
        } else if let focus, capacity == 1 {
            start = min(focus, rows.count - 1)
            end = start + 1
        }
        var y = rect.y
        if start + above > 0 {
            buffer.put("\(theme.glyphs.up) \(start + above) more", at: Point(x: rect.x, y: y), style: theme.secondaryText, clip: rect)
            y += 1
        }
        for row in rows[start..<max(start, end)] where y < rect.maxY {
            let used = buffer.put(row.prefix, at: Point(x: rect.x, y: y), style: theme.border, clip: rect)
            let style = self.style(row.role)
            let written = buffer.put(row.text, at: Point(x: rect.x + used, y: y), style: style, clip: rect)
            if row.role == .highlight {
                // The whole row reads as selected, as a table's selection does.
                let rest = max(0, rect.width - used - written)
                buffer.put(String(repeating: " ", count: rest), at: Point(x: rect.x + used + written, y: y), style: style, clip: rect)
            }
            y += 1
        }
        let below = total - above - end
        if below > 0, y < rect.maxY {
            buffer.put("\(theme.glyphs.down) \(below) more", at: Point(x: rect.x, y: y), style: theme.secondaryText, clip: rect)
        }
    }

    private func style(_ role: InspectorLine.Role) -> Style {
        switch role {
        case .plain: return theme.text
        case .heading, .yes: return theme.title
        case .problem: return theme.error
        case .highlight: return theme.focused
        case .note: return theme.secondaryText
        }
    }

    private func drawBox(size: Size, buffer: inout CellBuffer) {
        let g = theme.glyphs
        guard size.width >= 2, size.height >= 2 else { return }
        let line = String(repeating: g.horizontal, count: size.width - 2)
        buffer.put("\(g.topLeft)\(line)\(g.topRight)", at: .zero, style: theme.border)
        buffer.put("\(g.bottomLeft)\(line)\(g.bottomRight)", at: Point(x: 0, y: size.height - 1), style: theme.border)
        for y in 1..<(size.height - 1) {
            buffer.put(String(g.vertical), at: Point(x: 0, y: y), style: theme.border)
            buffer.put(String(g.vertical), at: Point(x: size.width - 1, y: y), style: theme.border)
        }
    }
}
