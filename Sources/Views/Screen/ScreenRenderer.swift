import Navigation
import Terminal

/// Draws the window into a frame: the root screen, then each presented screen as a window
/// over the dimmed one below it (full screen when the terminal is narrow), alerts as small
/// boxes, and a footer of keys.
///
/// On a wide terminal the screens keep a readable width, `maximumContentWidth` columns centred,
/// like an app on an iPad: names and amounts stay near each other. The rest of the width is
/// blank, footer included, which keeps to the same column. Everything depends only on the size
/// asked for, so the app drawn at a part of the terminal (beside an inspector) centres there.
///
/// What shows of a screen under another:
/// - under a sheet (a presented screen in a window), nothing beside the sheet on the rows it
///   covers: its margins are blank. The screen below shows whole, dimmed, above and below the
///   sheet (its navigation bar and title: where the sheet came from), as an iPad shows the
///   presenter's top behind a sheet. Margins of 4 columns show no word of it whole, and a
///   word cut by the sheet's frame (`Sal│`, `€ 4├`) reads as garbage.
/// - under an alert, whatever the alert leaves whole: a word that the alert's box cuts or
///   touches is blanked up to the blank before it, so the margins show only whole words (the
///   rows' names and amounts beside a small alert) and lines, which read as lines when cut.
@MainActor
public struct ScreenRenderer {
    public let theme: Theme
    /// Below this the app shows a message instead of screens.
    public static let minimumSize = Size(width: 24, height: 8)
    /// Below this width or height, presented screens take the whole terminal.
    public static let modalWindowMinimumSize = Size(width: 60, height: 18)
    /// The widest the screens are drawn: on a wider terminal they are centred at this width.
    /// The width of the classic terminal, at which the README's capture is made.
    public static let maximumContentWidth = 80

    /// Where the levels below the top are kept between frames; nil draws every level.
    public let lowerLevels: LowerLevelsCache?

    /// The responder chain whose commands in effect the footer names (the app's, with the
    /// inspector and the app above the screen); nil: the screen's own.
    public let responderChain: ((Screen) -> ResponderChain)?

    public init(theme: Theme, lowerLevels: LowerLevelsCache? = nil, responderChain: ((Screen) -> ResponderChain)? = nil) {
        self.theme = theme
        self.lowerLevels = lowerLevels
        self.responderChain = responderChain
    }

    public struct Frame {
        public var buffer: CellBuffer
        public var cursor: Point?
        /// Where each level of the screen (`Window.screenLevels`) was drawn, the root's first: its box,
        /// frame included, for a presented screen or an alert. Empty when the terminal is too small.
        public var levelRects: [Rect] = []
        /// What a click presses on the level on top, the last drawn first to look at.
        public var clickTargets: [ClickTarget] = []
        /// Where each controller of the levels drawn was drawn (a current-context presentation
        /// in its context's rect), by identity: what a popover falls back to pointing at.
        public var controllerRects: [ObjectIdentifier: Rect] = [:]
        /// Where each control (a bar button item, a button, a text field) was drawn, at every
        /// level, by identity: what a popover points at.
        public var anchors: [ObjectIdentifier: Rect] = [:]
        /// The top edge of the sheet on top, where a mouse press starts pulling it down; nil
        /// when the level on top is no sheet.
        public var grabber: Rect?

        public init(buffer: CellBuffer, cursor: Point?) {
            self.buffer = buffer
            self.cursor = cursor
        }
    }

    /// The columns the screens take in a frame of this size (the footer's row excluded).
    public static func contentRect(for size: Size) -> Rect {
        let width = min(size.width, maximumContentWidth)
        return Rect(x: max(0, (size.width - width) / 2), y: 0, width: width, height: size.height - 1)
    }

    /// `levels`: draws only that many levels from the root, the one on top of them taking
    /// keys: what shows under the screen on top, for tests (and an inspector) to compare with.
    public func render(_ window: Window, size: Size, focus: FocusEngine, levels levelCount: Int? = nil) -> Frame {
        walk(window, size: size, focus: focus, levels: levelCount, drawsTop: true)
    }

    /// The layout pass of the level on top, as rendering would lay it out, without drawing it:
    /// where its tables scroll and what Page Down moves, for keys handled between two frames.
    /// The levels below are drawn only when the kept frame of them is out of date: where a
    /// popover points, or a current-context presentation goes, is where they were drawn.
    public func layOut(_ window: Window, size: Size, focus: FocusEngine) {
        _ = walk(window, size: size, focus: focus, levels: nil, drawsTop: false)
    }

    private func walk(_ window: Window, size: Size, focus: FocusEngine, levels levelCount: Int?, drawsTop: Bool) -> Frame {
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            var buffer = CellBuffer(size: size)
            if drawsTop { drawTooSmall(size: size, buffer: &buffer) }
            return Frame(buffer: buffer, cursor: nil)
        }
        func stack() -> [ViewController] { Array(window.screenLevels.prefix(max(1, levelCount ?? .max))) }
        var levels = stack()
        let content = Self.contentRect(for: size, root: levels.first)
        // Laying a level out asks its tables for cells, and a data source's mistake found then
        // presents an alert: the walk starts again with the alert on top, so that it shows in
        // this frame. The stack grows by one alert at most (`presentAlert` shows one at a time).
        while true {
            var frame = Frame(buffer: CellBuffer(size: size), cursor: nil)
            let lower = levels.dropLast()
            if let lowerLevels, !lower.isEmpty {
                frame = lowerLevels.frame(of: lower, size: size, theme: theme) {
                    var lowerFrame = frame
                    for (index, level) in lower.enumerated() {
                        layOutAndDraw(level, index: index, isTop: false, content: content, size: size, focus: focus, frame: &lowerFrame,
                                      sheetsBelow: Self.sheets(in: lower.prefix(index)))
                    }
                    // Kept dimmed, as the level on top shows them.
                    dimUnderneath(&lowerFrame.buffer)
                    return lowerFrame
                }
            } else {
                for (index, level) in lower.enumerated() {
                    layOutAndDraw(level, index: index, isTop: false, content: content, size: size, focus: focus, frame: &frame,
                                  sheetsBelow: Self.sheets(in: lower.prefix(index)))
                }
                if !lower.isEmpty { dimUnderneath(&frame.buffer) }
            }
            let top = place(levels[levels.count - 1], index: levels.count - 1, isTop: true, content: content, size: size, focus: focus, frame: frame,
                            sheetsBelow: Self.sheets(in: lower))
            layOut(top)
            let now = stack()
            if now.count > levels.count, now.starts(with: levels, by: ===) {
                levels = now
                continue
            }
            if drawsTop { draw(top, size: size, content: content, frame: &frame) }
            return frame
        }
    }

    /// A level placed in a frame: where it goes, whether it has a window's frame, and what it
    /// draws with (its focus, where its controls are noted).
    private struct PlacedLevel {
        let screen: Screen
        let index: Int
        let isTop: Bool
        let focused: FocusTarget?
        let focus: FocusEngine
        let places: DrawnPlaces
        let context: DrawContext
        let rect: Rect
        let boxed: Bool
        /// Whether it is a popover, placed by what it points at.
        let isPlaced: Bool
        /// Whether it is a sheet's card: rounded at the top, with the grabber.
        let isCard: Bool
        /// The rect inside the level's frame, if it has one.
        var inner: Rect { boxed ? rect.inset(by: 1) : rect }
    }

    /// Where a level of the presentation stack goes over the levels already in `frame`.
    /// `sheetsBelow`: how many sheets the levels under this one have, each of which steps a
    /// sheet over them down a row.
    private func place(_ level: ViewController, index: Int, isTop: Bool, content: Rect, size: Size, focus: FocusEngine,
                       frame: Frame, sheetsBelow: Int) -> PlacedLevel {
        let screen = Screen(level: level)
        let focused = isTop ? focus.focus(on: screen) : nil
        let places = DrawnPlaces(takesClicks: isTop)
        let context = DrawContext(theme: theme, focused: focused?.object, isActive: isTop, places: places)
        let placed = index > 0 ? placement(of: level, in: content, frame: frame) : nil
        let style = level.adaptivePresentationStyle
        let rect: Rect
        var isCard = false
        if let placed {
            rect = placed.rect
        } else if let menu = level as? MenuController {
            rect = MenuRenderer(theme: theme).rect(for: menu, anchor: menu.anchor.flatMap { frame.anchors[ObjectIdentifier($0)] }, in: content)
        } else if let alert = screen.alert {
            rect = AlertRenderer(theme: theme).rect(for: alert, in: content)
        } else if index == 0 || style == .fullScreen || size.width < Self.modalWindowMinimumSize.width
                    || size.height < Self.modalWindowMinimumSize.height {
            // Full screen covers the screen, as on an iPhone: the presenter is gone.
            rect = content
        } else if style.isSheet {
            rect = Self.cardRect(style, sheetsBelow: sheetsBelow, size: size, regularWidth: level.window?.horizontalSizeClass == .regular)
            isCard = true
        } else {
            // Over full screen: a window over the presenter, which stays in view, dimmed. It
            // keeps a screen's width, even over a split view's wider level.
            rect = Self.contentRect(for: size).inset(top: 1, left: 4, bottom: 1, right: 4)
        }
        let boxed = placed?.boxed ?? (index > 0 && (rect != content || screen.alert != nil))
        return PlacedLevel(screen: screen, index: index, isTop: isTop, focused: focused, focus: focus, places: places, context: context, rect: rect, boxed: boxed,
                           isPlaced: placed != nil, isCard: isCard)
    }

    /// The layout pass of a placed level's views.
    private func layOut(_ level: PlacedLevel) {
        if let alert = level.screen.alert {
            AlertRenderer(theme: theme).layOut(alert, in: level.inner)
        } else {
            layOut(level.screen.container, in: level.inner, context: level.context)
        }
    }

    /// A level below the top: laid out, then drawn, over the levels already in `frame`.
    private func layOutAndDraw(_ level: ViewController, index: Int, isTop: Bool, content: Rect, size: Size, focus: FocusEngine,
                               frame: inout Frame, sheetsBelow: Int) {
        if index > 0 { dimUnderneath(&frame.buffer) }
        let placed = place(level, index: index, isTop: isTop, content: content, size: size, focus: focus, frame: frame, sheetsBelow: sheetsBelow)
        layOut(placed)
        draw(placed, size: size, content: content, frame: &frame)
    }

    /// Draws a level laid out, over the levels below it, already in `frame` and dimmed.
    private func draw(_ level: PlacedLevel, size: Size, content: Rect, frame: inout Frame) {
        let rect = level.rect
        if level.index > 0 {
            if level.screen.alert != nil || level.isPlaced {
                blankCutWords(around: rect, buffer: &frame.buffer)
            } else {
                // The rows the sheet covers, margins included.
                frame.buffer.fill(Rect(x: 0, y: rect.y, width: size.width, height: rect.height))
            }
            frame.buffer.fill(rect)
            if level.isCard {
                drawCard(rect, buffer: &frame.buffer)
                if level.isTop { frame.grabber = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1) }
            } else if level.boxed {
                drawBox(rect, buffer: &frame.buffer)
            }
        }
        draw(level.screen, in: level.inner, boxed: level.boxed, frame: &frame, context: level.context)
        frame.levelRects.append(rect)
        frame.anchors.merge(level.places.frames) { $1 }
        if level.isTop, let field = level.focused?.object as? TextField, let fieldFrame = level.places.frame(of: field) {
            frame.cursor = Point(x: fieldFrame.x + field.cursorColumn(width: fieldFrame.width), y: fieldFrame.y)
        }
        if level.isTop {
            frame.clickTargets += level.places.clickTargets
            drawFooter(level.screen, focus: level.focus, content: content, buffer: &frame.buffer)
        }
    }

    /// What shows of the levels under a presented one: dimmed.
    private func dimUnderneath(_ buffer: inout CellBuffer) {
        buffer.restyle(buffer.bounds) { theme.underneath($0) }
    }

    /// Blanks, on the rows of `rect`, each phrase (words one blank apart: a name, an amount, an
    /// account number) that the box cuts or touches: what stays beside the box is whole. Two
    /// blanks end a phrase. Runs made only of line glyphs (a table's rule, a frame) stay, as a
    /// cut line still reads as a line.
    /// `wholePhrases` false blanks only the word cut (prose beside a panel: the rest of its line
    /// still reads).
    public func blankCutWords(around rect: Rect, buffer: inout CellBuffer, wholePhrases: Bool = true) {
        let g = theme.glyphs
        let lines: Set<Character> = [" ", g.horizontal, g.vertical, g.topLeft, g.topRight, g.bottomLeft, g.bottomRight, g.teeLeft, g.teeRight]
        let sides: Set<Character> = [g.vertical, g.topLeft, g.topRight, g.bottomLeft, g.bottomRight, g.teeLeft, g.teeRight]
        let width = buffer.size.width
        for y in max(0, rect.y)..<min(buffer.size.height, rect.maxY) {
            func isBlank(_ x: Int) -> Bool { x < 0 || x >= width || buffer[x, y].character == " " }
            // Each side: the first column outside the box, the way out, the box's edge column.
            for (start, step, edge) in [(rect.x - 1, -1, rect.x), (rect.maxX, 1, rect.maxX - 1)] {
                guard start >= 0, start < width else { continue }
                let touches = !isBlank(start) || (!isBlank(start + step) && !isBlank(edge))
                guard touches else { continue }
                // A frame's side (│, ├, a corner) ends a phrase too: a card's border one blank from
                // a contact's name is not part of it (issue 32: it vanished on every other row).
                var end = start
                while end >= 0, end < width, !(isBlank(end) && (!wholePhrases || isBlank(end + step))),
                      !(end != start && sides.contains(buffer[end, y].character)) {
                    end += step
                }
                let run = stride(from: start, to: end, by: step)
                guard run.contains(where: { !lines.contains(buffer[$0, y].character) && !buffer[$0, y].isContinuation }) else { continue }
                for x in run { buffer[x, y] = .blank }
            }
        }
    }

    // MARK: Screens

    private func draw(_ screen: Screen, in rect: Rect, boxed: Bool, frame: inout Frame, context: DrawContext) {
        if let menu = screen.container as? MenuController {
            MenuRenderer(theme: theme).draw(menu, in: rect, buffer: &frame.buffer, context: context)
            return
        }
        if let alert = screen.alert {
            AlertRenderer(theme: theme).draw(alert, in: rect, buffer: &frame.buffer, context: context)
            return
        }
        draw(screen.container, in: rect, boxed: boxed, frame: &frame, context: context)
    }

    // MARK: Sheets

    /// How many of `levels` are shown as sheets' cards.
    static func sheets(in levels: some Collection<ViewController>) -> Int {
        levels.dropFirst().count { $0.adaptivePresentationStyle.isSheet }
    }

    /// The rows of the presenter that show above a sheet's card, dimmed: its title and the rule
    /// under it, where the sheet came from, as an iPhone shows the presenter's top behind a sheet.
    public static let presenterRowsAboveCard = 2

    /// Where a sheet's card goes. In a compact width, as on an iPhone held upright, both sheets
    /// are the same card: the screens' width, from below the presenter's top rows to the keys'
    /// row. In a regular width, as on an iPad, a page sheet is that card and a form sheet a
    /// smaller one, centred. A sheet over a sheet steps down a row more, so that the top of the
    /// one under it shows.
    public static func cardRect(_ style: ModalPresentationStyle, sheetsBelow: Int, size: Size, regularWidth: Bool) -> Rect {
        let content = contentRect(for: size)
        let top = content.y + presenterRowsAboveCard + sheetsBelow
        let card = Rect(x: content.x, y: top, width: content.width, height: max(3, content.maxY - top))
        guard regularWidth, style == .formSheet else { return card }
        let width = min(64, content.width - 8)
        let height = min(20, card.height - 2)
        return Rect(x: content.x + (content.width - width) / 2, y: max(top, content.y + (content.height - height) / 2), width: width,
                    height: height)
    }

    /// A card's frame: rounded at the top, the grabber centred on its top edge.
    private func drawCard(_ rect: Rect, buffer: inout CellBuffer) {
        drawBox(rect, buffer: &buffer)
        let g = theme.glyphs
        guard rect.width >= 2 else { return }
        buffer.put(String(g.cardTopLeft), at: rect.origin, style: theme.border)
        buffer.put(String(g.cardTopRight), at: Point(x: rect.maxX - 1, y: rect.y), style: theme.border)
        let grabber = g.grabber
        guard rect.width > grabber.count + 4 else { return }
        buffer.put(grabber, at: Point(x: rect.x + (rect.width - grabber.count) / 2, y: rect.y), style: theme.secondaryText)
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

    /// The keys, on the last row, in the screens' column.
    private func drawFooter(_ screen: Screen, focus: FocusEngine, content: Rect, buffer: inout CellBuffer) {
        let chain = responderChain?(screen) ?? ResponderChain(screen: screen, focus: focus, above: [])
        Self.drawFooter(KeyHints.hints(for: chain), in: content, theme: theme, buffer: &buffer)
    }

    /// Keys' hints on the last row of `buffer`, in the column of `content`, most useful first:
    /// as many as fit, whole, the rest of the row blank.
    public static func drawFooter(_ hints: [String], in content: Rect, theme: Theme, buffer: inout CellBuffer) {
        var line = ""
        for hint in hints.map(theme.display) {
            let candidate = line.isEmpty ? hint : line + "   " + hint
            if candidate.terminalWidth > content.width - 2 { break }
            line = candidate
        }
        let row = Rect(x: 0, y: buffer.size.height - 1, width: buffer.size.width, height: 1)
        buffer.fill(row)
        buffer.put(line, at: Point(x: content.x + 1, y: row.y), style: theme.footer, clip: row)
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
