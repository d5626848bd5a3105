import Navigation
import Terminal

/// Draws the window into a frame: the root screen, then each presented screen as a window
/// over the dimmed one below it (full screen when the terminal is narrow), alerts as small
/// boxes, and a footer of keys.
@MainActor
public struct ScreenRenderer {
    public let theme: Theme
    /// Below this the app shows a message instead of screens.
    public static let minimumSize = Size(width: 24, height: 8)
    /// Below this width or height, presented screens take the whole terminal.
    public static let modalWindowMinimumSize = Size(width: 60, height: 18)

    public init(theme: Theme) { self.theme = theme }

    public struct Frame {
        public var buffer: CellBuffer
        public var cursor: Point?
    }

    public func render(_ window: Window, size: Size, focus: FocusEngine) -> Frame {
        var buffer = CellBuffer(size: size)
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            drawTooSmall(size: size, buffer: &buffer)
            return Frame(buffer: buffer, cursor: nil)
        }
        let levels = window.presentationStack
        let content = Rect(x: 0, y: 0, width: size.width, height: size.height - 1)
        var cursor: Point?
        for (index, level) in levels.enumerated() {
            let screen = Screen(level: level)
            let isTop = index == levels.count - 1
            let focused = isTop ? focus.focus(on: screen) : nil
            let context = DrawContext(theme: theme, focused: focused?.object, isActive: isTop)
            if index > 0 { buffer.restyle(buffer.bounds) { $0.dimmed } }
            let rect: Rect
            if screen.alert != nil {
                rect = AlertRenderer(theme: theme).rect(for: screen.alert!, in: content)
            } else if index == 0 || size.width < Self.modalWindowMinimumSize.width || size.height < Self.modalWindowMinimumSize.height {
                rect = content
            } else {
                rect = content.inset(top: 1, left: 4, bottom: 1, right: 4)
            }
            if index > 0 {
                buffer.fill(rect)
                if rect != content || screen.alert != nil { drawBox(rect, buffer: &buffer) }
            }
            let boxed = index > 0 && (rect != content || screen.alert != nil)
            draw(screen, in: boxed ? rect.inset(by: 1) : rect, boxed: boxed, buffer: &buffer, context: context)
            if isTop, let field = focused?.object as? TextField, let frame = field.lastFrame {
                cursor = Point(x: frame.x + field.cursorColumn(width: frame.width), y: frame.y)
            }
            if isTop { drawFooter(screen, focused: focused, size: size, buffer: &buffer) }
        }
        return Frame(buffer: buffer, cursor: cursor)
    }

    // MARK: Screens

    private func draw(_ screen: Screen, in rect: Rect, boxed: Bool, buffer: inout CellBuffer, context: DrawContext) {
        if let alert = screen.alert {
            AlertRenderer(theme: theme).draw(alert, in: rect, buffer: &buffer, context: context)
            return
        }
        var area = rect
        if screen.hasNavigationBar {
            drawNavigationBar(screen, in: area.top(1), buffer: &buffer, context: context)
            let line = String(repeating: theme.glyphs.horizontal, count: area.width)
            if boxed {
                // Joined to the window's frame, so the bar reads as part of the window.
                buffer.put("\(theme.glyphs.teeLeft)\(line)\(theme.glyphs.teeRight)", at: Point(x: area.x - 1, y: area.y + 1), style: theme.border)
            } else {
                buffer.put(line, at: Point(x: area.x, y: area.y + 1), style: theme.border)
            }
            area = area.dropTop(2)
        }
        Layout.draw(screen.controller.view, in: area.inset(left: 1, right: 1), buffer: &buffer, context: context)
    }

    private func drawNavigationBar(_ screen: Screen, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        var leftWidth = 0, rightWidth = 0
        if let left = screen.leftItem {
            let text = screen.leftIsBack ? "\(theme.glyphs.back) \(left.displayTitle)" : left.displayTitle
            leftWidth = buffer.put(text, at: Point(x: rect.x + 1, y: rect.y), style: itemStyle(left, context: context), clip: rect) + 1
        }
        if let right = screen.rightItem {
            let text = right.displayTitle
            let x = rect.maxX - 1 - text.terminalWidth
            rightWidth = buffer.put(text, at: Point(x: x, y: rect.y), style: itemStyle(right, context: context), clip: rect) + 1
        }
        if let title = screen.title {
            let room = rect.width - 2 * max(leftWidth, rightWidth) - 2
            let shown = title.truncated(toWidth: max(0, room), ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + (rect.width - shown.terminalWidth) / 2, y: rect.y), style: theme.title, clip: rect)
        }
    }

    private func itemStyle(_ item: BarButtonItem, context: DrawContext) -> Style {
        if !item.isEnabled { return theme.disabled }
        return context.isFocused(item) ? theme.focused : theme.tint
    }

    // MARK: Chrome

    private func drawBox(_ rect: Rect, buffer: inout CellBuffer) {
        let g = theme.glyphs
        let style = theme.border
        guard rect.width >= 2, rect.height >= 2 else { return }
        let line = String(repeating: g.horizontal, count: rect.width - 2)
        buffer.put("\(g.topLeft)\(line)\(g.topRight)", at: rect.origin, style: style)
        buffer.put("\(g.bottomLeft)\(line)\(g.bottomRight)", at: Point(x: rect.x, y: rect.maxY - 1), style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.put(String(g.vertical), at: Point(x: rect.x, y: y), style: style)
            buffer.put(String(g.vertical), at: Point(x: rect.maxX - 1, y: y), style: style)
        }
    }

    private func drawFooter(_ screen: Screen, focused: FocusTarget?, size: Size, buffer: inout CellBuffer) {
        let hints = KeyHints.hints(for: screen, focused: focused).map(theme.display)
        var line = ""
        for hint in hints {
            let candidate = line.isEmpty ? hint : line + "   " + hint
            if candidate.terminalWidth > size.width - 2 { break }
            line = candidate
        }
        buffer.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
        buffer.put(line, at: Point(x: 1, y: size.height - 1), style: theme.footer)
    }

    private func drawTooSmall(size: Size, buffer: inout CellBuffer) {
        // Short lines: this shows exactly when there is little room.
        let lines = [
            "Terminal too small",
            "\(size.width)x\(size.height), needs \(Self.minimumSize.width)x\(Self.minimumSize.height)",
            "Enlarge it,",
            "or q to quit",
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (row, line) in lines.enumerated() where top + row < size.height {
            let shown = line.truncated(toWidth: size.width, ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: max(0, (size.width - shown.terminalWidth) / 2), y: top + row), style: row == 0 ? theme.title : theme.text)
        }
    }
}
