import Navigation
import Terminal

/// Text on one line, or on several when `numberOfLines` allows it, as `UILabel`.
open class Label: View, Drawable {
    public enum Alignment: String, Sendable { case natural, left, center, right, justified }

    open var text: String? { didSet { if text != oldValue { setNeedsDisplay() } } }
    public var textAlignment = Alignment.natural { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }
    /// Lines the text may wrap onto; 0 for as many as it needs, as in UIKit.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { setNeedsDisplay() } } }
    /// How the text stands out: bold for labels whose storyboard font is bold, red for errors.
    public enum TextStyle: Sendable { case body, emphasized, secondary, error }
    public var textStyle = TextStyle.body { didSet { if textStyle != oldValue { setNeedsDisplay() } } }

    public override init() {
        super.init()
        horizontalHuggingPriority = 251
    }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        // Plain text, as an attribute or, with line breaks, as a <string key="text">; or the
        // characters of an attributed text, whose attributes (fonts, colours) a terminal drops.
        text = coder.string("text") ?? coder.attributedString("attributedText")
        textAlignment = coder.string("textAlignment").flatMap(Alignment.init(rawValue:)) ?? .natural
        // A negative count in a file means nothing; taken as is, it trapped when the label drew.
        numberOfLines = max(0, coder.int("numberOfLines") ?? 1)
        // The one thing of a font a terminal can show: weight. Sizes and families are not read.
        if let font = coder.fontDescription {
            let bold = ["bold", "semibold", "heavy", "black"].contains(font.weight ?? "")
            if bold || font.type == "boldSystem" || (font.style?.contains("Title") ?? false) { textStyle = .emphasized }
        }
    }

    open override func setValue(_ value: String, forKey key: String) -> Bool {
        guard key == "text" else { return super.setValue(value, forKey: key) }
        text = value
        return true
    }

    public func intrinsicWidth(context: DrawContext) -> Int? {
        let shown = context.theme.display(text ?? "")
        if let measured = intrinsic, measured.text == shown, measured.numberOfLines == numberOfLines { return measured.width }
        let width = numberOfLines == 1 ? shown.terminalWidth
            : shown.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(\.terminalWidth).max() ?? 0
        intrinsic = (shown, numberOfLines, width)
        return width
    }

    public func height(forWidth width: Int, context: DrawContext) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        return layout(of: context.theme.display(text), width: width, ellipsis: context.glyphs.ellipsis).lines.count
    }

    /// The text's width, kept with the text it was measured for: rows ask every label's width
    /// on every frame.
    private var intrinsic: (text: String, numberOfLines: Int, width: Int)?

    /// The lines of a text at a width, as drawn: wrapped, cut with the ellipsis, with their widths.
    struct TextLayout {
        let text: String
        let width: Int
        let numberOfLines: Int
        let ellipsis: String
        let lines: [(text: String, width: Int)]
    }

    /// The layout last made: a frame measures a label and then draws it at the same width, and
    /// frames that change nothing draw it again, so each text is wrapped once, not per call.
    /// One per label, so it never grows; any change of text, width or lines makes a new one.
    private var lastLayout: TextLayout?
    /// Layouts made, for tests that check that a frame lays out a text once.
    package private(set) var layoutCount = 0

    func layout(of text: String, width: Int, ellipsis: String) -> TextLayout {
        if let last = lastLayout, last.width == width, last.numberOfLines == numberOfLines, last.ellipsis == ellipsis, last.text == text {
            return last
        }
        let made = TextLayout(text: text, width: width, numberOfLines: numberOfLines, ellipsis: ellipsis,
                              lines: wrappedLines(text, width: width).map { line in
                                  let shown = line.truncated(toWidth: width, ellipsis: ellipsis)
                                  return (shown, shown.terminalWidth)
                              })
        layoutCount += 1
        lastLayout = made
        return made
    }

    private func wrappedLines(_ text: String, width: Int) -> [String] {
        // A one-line label keeps its text on its line, cut with an ellipsis as UIKit's tail
        // truncation does; a newline in it is drawn visibly rather than hiding what follows.
        if numberOfLines == 1 { return [text] }
        let lines = text.wrapped(toWidth: max(1, width))
        return numberOfLines == 0 ? lines : Array(lines.prefix(numberOfLines))
    }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard let text else { return }
        let style: Style
        switch textStyle {
        case .body: style = context.theme.text
        case .emphasized: style = context.theme.title
        case .secondary: style = context.theme.secondaryText
        case .error: style = context.theme.error
        }
        let lines = layout(of: context.theme.display(text), width: rect.width, ellipsis: context.glyphs.ellipsis).lines
        for (row, (shown, width)) in lines.enumerated() where row < rect.height {
            let x: Int
            switch textAlignment {
            case .center: x = rect.x + (rect.width - width) / 2
            case .right: x = rect.maxX - width
            default: x = rect.x
            }
            buffer.put(shown, at: Point(x: x, y: rect.y + row), style: style, clip: rect)
        }
    }
}

extension String {
    /// The text broken into lines of at most `width` columns, at spaces where it can. A word of
    /// symbols alone (the "€" of "€ 5,432.01") stays with the word after it. A line of two
    /// columns (a key, spaces, what it does) wraps under its second column.
    func wrapped(toWidth width: Int) -> [String] {
        var result: [String] = []
        for paragraph in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            // A paragraph that fits is its own line, which is what the words would make again.
            if paragraph.terminalWidth <= width {
                result.append(String(paragraph))
            } else {
                result += paragraph.wrappedByWords(toWidth: width)
            }
        }
        return result
    }

    /// The general wrapping of `wrapped(toWidth:)`, without its shortcut for what fits: tests
    /// compare the two.
    func wrappedByWords(toWidth width: Int) -> [String] {
        split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { $0.wrappedByWords(toWidth: width) }
    }
}

private extension Substring {
    /// One paragraph, broken into lines: its indent kept on the first line, and continuation
    /// lines under the second column of a two-column line.
    func wrappedByWords(toWidth width: Int) -> [String] {
        let indent = prefix { $0 == " " }.count
        var hanging = indent
        if let gap = dropFirst(indent).firstRange(of: "  ") {
            let column = distance(from: startIndex, to: gap.lowerBound) + self[gap.lowerBound...].prefix { $0 == " " }.count
            if width - column >= 12 { hanging = column }
        }
        let lines = dropFirst(indent).wrappedWords(firstWidth: Swift.max(1, width - indent), restWidth: Swift.max(1, width - hanging))
        return lines.enumerated().map { index, line in String(repeating: " ", count: index == 0 ? indent : hanging) + line }
    }

    func wrappedWords(firstWidth: Int, restWidth: Int) -> [String] {
        var result: [String] = []
        var line = ""
        var width: Int { result.isEmpty ? firstWidth : restWidth }
        for word in split(separator: " ", omittingEmptySubsequences: false).gluingSymbols() {
            // Spaces that only pad a column are dropped where a line breaks.
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalWidth <= width || line.isEmpty {
                line = line.isEmpty && !result.isEmpty && word.isEmpty ? "" : candidate
            } else {
                result.append(line.trimmingTrailingSpaces)
                line = word
            }
            while line.terminalWidth > width {
                let head = String(line.prefix(width))
                result.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        result.append(line)
        return result
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

private extension Array where Element == Substring {
    /// Joins each word without letters or digits to the word that follows it.
    func gluingSymbols() -> [String] {
        var words: [String] = []
        var pending: String?
        for word in self {
            let joined = pending.map { "\($0) \(word)" } ?? String(word)
            if !word.isEmpty, !word.contains(where: { $0.isLetter || $0.isNumber }) {
                pending = joined
            } else {
                words.append(joined)
                pending = nil
            }
        }
        if let pending { words.append(pending) }
        return words
    }
}
